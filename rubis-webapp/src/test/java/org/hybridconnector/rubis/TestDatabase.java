package org.hybridconnector.rubis;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** A database a test server runs against, and what the test needs to inspect it. */
interface TestDatabase extends AutoCloseable {

    String url();

    String user();

    String password();

    String driverClassName();

    default Connection connect() throws SQLException {
        return DriverManager.getConnection(url(), user(), password());
    }

    @Override
    void close() throws SQLException;
}
