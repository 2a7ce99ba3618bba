package org.hybridconnector.rubis;

import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;

/**
 * A throw-away MariaDB database, uniquely named per test run so that concurrent runs on one
 * server never meet. MariaDB tests fail when the server is unreachable (CI starts one);
 * a developer without one passes -Drubis.skipMariaDb=true to skip them instead.
 */
final class MariaDb implements TestDatabase {

    private static final String SERVER = System.getProperty("rubis.mariadb.url", "jdbc:mariadb://127.0.0.1:3306/");
    private static final String USER = System.getProperty("rubis.mariadb.user", "root");
    private static final String PASSWORD = System.getProperty("rubis.mariadb.password", "");

    private final String name;

    private MariaDb(String name) {
        this.name = name;
    }

    static MariaDb create() throws SQLException {
        assumeFalse(Boolean.getBoolean("rubis.skipMariaDb"), "MariaDB tests skipped by -Drubis.skipMariaDb=true");
        String name = "rubis_test_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (Connection admin = DriverManager.getConnection(SERVER + "?connectTimeout=3000", USER, PASSWORD);
                Statement statement = admin.createStatement()) {
            statement.execute("CREATE DATABASE " + name + " CHARACTER SET utf8mb4");
        }
        return new MariaDb(name);
    }

    /** A throw-away database loaded at scale 0.01 by the data generator's command line, as an operator would. */
    static MariaDb createLoaded() throws Exception {
        MariaDb database = create();
        org.hybridconnector.rubis.load.DataGenerator.main(new String[] { "--url", database.url(), "--user",
            database.user(), "--password", database.password(), "--scale", "0.01", "--seed", "7" });
        return database;
    }

    String name() {
        return name;
    }

    /** host:port of the server, for a proxy to stand in front of. */
    static int port() {
        String rest = SERVER.substring(SERVER.indexOf("//") + 2);
        String hostPort = rest.substring(0, rest.indexOf('/'));
        return hostPort.contains(":") ? Integer.parseInt(hostPort.substring(hostPort.indexOf(':') + 1)) : 3306;
    }

    String urlVia(int port) {
        return "jdbc:mariadb://127.0.0.1:" + port + "/" + name + "?connectTimeout=2000&socketTimeout=30000";
    }

    @Override
    public String url() {
        return SERVER + name + "?connectTimeout=2000&socketTimeout=30000";
    }

    @Override
    public String user() {
        return USER;
    }

    @Override
    public String password() {
        return PASSWORD;
    }

    @Override
    public String driverClassName() {
        return "org.mariadb.jdbc.Driver";
    }

    @Override
    public void close() throws SQLException {
        try (Connection admin = DriverManager.getConnection(SERVER, USER, PASSWORD);
                Statement statement = admin.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS " + name);
        }
    }
}
