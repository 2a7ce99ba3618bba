package org.hybridconnector.rubis.web;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.logging.Level;
import java.util.logging.Logger;

import javax.sql.DataSource;

import org.hybridconnector.rubis.db.DatabaseUnavailableException;
import org.hybridconnector.rubis.db.SchemaInstaller;
import org.hybridconnector.rubis.load.DatabaseLoader;
import org.hybridconnector.rubis.load.GeneratorSettings;
import org.hybridconnector.rubis.load.LoadSummary;

/**
 * The web application's database: hands out pooled connections and, the first time the
 * database is reached, makes sure it holds the RUBiS schema, creating and loading it when the
 * deployment asks for that (the embedded H2 default). Until that has succeeded every page
 * answers 503, and it is retried on the next request, so a database that is down at start-up
 * is picked up by itself once it comes back.
 */
public final class RubisDatabase {

    private static final Logger LOG = Logger.getLogger(RubisDatabase.class.getName());

    private final DataSource dataSource;
    private final double initialLoadScale;
    private volatile boolean ready;

    /**
     * @param initialLoadScale scale of the data set to load into an empty database; 0 means an
     *                         empty database is an error to report, not to fill
     */
    public RubisDatabase(DataSource dataSource, double initialLoadScale) {
        this.dataSource = dataSource;
        this.initialLoadScale = initialLoadScale;
    }

    public Connection connect() throws SQLException {
        Connection connection;
        try {
            connection = dataSource.getConnection();
        } catch (SQLException e) {
            throw new DatabaseUnavailableException("no connection to the RUBiS database", e);
        }
        if (!ready) {
            try {
                prepare(connection);
            } catch (SQLException | RuntimeException e) {
                connection.close();
                throw e;
            }
        }
        return connection;
    }

    /** Called once at deployment so that a first start loads its data before serving. */
    void prepareNow() {
        try (Connection connection = connect()) {
            LOG.info("RUBiS database ready: " + connection.getMetaData().getURL());
        } catch (SQLException e) {
            LOG.log(Level.WARNING, "RUBiS database not ready at start-up; will retry on each request", e);
        }
    }

    private synchronized void prepare(Connection connection) throws SQLException {
        if (ready) {
            return;
        }
        if (!SchemaInstaller.isInstalled(connection)) {
            if (initialLoadScale <= 0) {
                throw new DatabaseUnavailableException("the database has no RUBiS tables; load it with "
                        + "org.hybridconnector.rubis.load.DataGenerator (see docs/rubis.md)");
            }
            LOG.info("empty RUBiS database: creating the schema and loading scale " + initialLoadScale);
            LoadSummary summary = new DatabaseLoader(GeneratorSettings.forScale(initialLoadScale))
                    .load(connection, false);
            LOG.info("RUBiS " + summary);
        }
        ready = true;
    }
}
