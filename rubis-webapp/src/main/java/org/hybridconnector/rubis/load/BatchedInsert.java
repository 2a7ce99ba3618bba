package org.hybridconnector.rubis.load;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collections;

/**
 * An INSERT into one table sent to the database in JDBC batches, so that loading a million rows
 * costs thousands of round trips rather than millions.
 */
final class BatchedInsert implements AutoCloseable {

    private final PreparedStatement statement;
    private final String table;
    private int pending;
    private long rows;

    BatchedInsert(Connection connection, String table, String... columns) throws SQLException {
        this.table = table;
        String placeholders = String.join(", ", Collections.nCopies(columns.length, "?"));
        this.statement = connection.prepareStatement(
                "INSERT INTO " + table + " (" + String.join(", ", columns) + ") VALUES (" + placeholders + ")");
    }

    void add(Object... values) throws SQLException {
        for (int i = 0; i < values.length; i++) {
            statement.setObject(i + 1, values[i]);
        }
        statement.addBatch();
        pending++;
        rows++;
    }

    int pending() {
        return pending;
    }

    long rows() {
        return rows;
    }

    String table() {
        return table;
    }

    void flush() throws SQLException {
        if (pending > 0) {
            statement.executeBatch();
            pending = 0;
        }
    }

    @Override
    public void close() throws SQLException {
        statement.close();
    }
}
