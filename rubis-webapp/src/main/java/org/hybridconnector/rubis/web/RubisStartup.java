package org.hybridconnector.rubis.web;

import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Collections;
import java.util.logging.Logger;

import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.sql.DataSource;

import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;

/**
 * Finds the container's DataSource ({@code java:comp/env/jdbc/rubis}, declared in the
 * context file) and readies the database before the first request is served.
 *
 * <p>Context parameters (in context.xml as {@code <Parameter>} or in web.xml):
 * {@code rubis.initialLoadScale}: scale of the data set loaded into an empty database,
 * 0 to never load (the MariaDB configuration, loaded by the data generator instead).
 */
public final class RubisStartup implements ServletContextListener {

    private static final Logger LOG = Logger.getLogger(RubisStartup.class.getName());

    static final String DATABASE = RubisDatabase.class.getName();
    static final String LAYOUT = PageLayout.class.getName();
    private static final String DATA_SOURCE = "java:comp/env/jdbc/rubis";

    @Override
    public void contextInitialized(ServletContextEvent event) {
        ServletContext context = event.getServletContext();
        DataSource dataSource;
        try {
            dataSource = (DataSource) new InitialContext().lookup(DATA_SOURCE);
        } catch (NamingException e) {
            throw new IllegalStateException("RUBiS needs a DataSource at " + DATA_SOURCE
                    + "; declare it in the context file (see conf/rubis-*.xml)", e);
        }
        String scale = context.getInitParameter("rubis.initialLoadScale");
        RubisDatabase database = new RubisDatabase(dataSource, scale == null ? 0 : Double.parseDouble(scale.strip()));
        context.setAttribute(DATABASE, database);
        context.setAttribute(LAYOUT, new PageLayout(context.getContextPath()));
        database.prepareNow();
    }

    /**
     * The H2 and MariaDB drivers live in WEB-INF/lib and register themselves with the JVM-wide
     * DriverManager; unregistering them here lets the webapp's class loader be collected after an
     * undeploy. The pool itself is closed by Tomcat (closeMethod="close" in the context file).
     */
    @Override
    public void contextDestroyed(ServletContextEvent event) {
        ClassLoader webapp = event.getServletContext().getClassLoader();
        for (Driver driver : Collections.list(DriverManager.getDrivers())) {
            if (driver.getClass().getClassLoader() == webapp) {
                try {
                    DriverManager.deregisterDriver(driver);
                } catch (SQLException e) {
                    LOG.warning("could not unregister JDBC driver " + driver + ": " + e.getMessage());
                }
            }
        }
    }
}
