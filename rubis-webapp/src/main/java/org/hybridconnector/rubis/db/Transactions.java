package org.hybridconnector.rubis.db;

import java.sql.Connection;
import java.sql.SQLException;

/** Runs a unit of work as one transaction: all of its writes commit, or none do. */
public final class Transactions {

    /** Work done inside a transaction; any exception it throws rolls the transaction back. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Connection connection) throws SQLException;
    }

    private Transactions() {
    }

    public static <T> T run(Connection connection, Work<T> work) throws SQLException {
        boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(false);
        boolean committed = false;
        try {
            T result = work.run(connection);
            connection.commit();
            committed = true;
            return result;
        } finally {
            if (!committed) {
                rollbackQuietly(connection);
            }
            // A pooled connection must go back in the state it was borrowed in.
            restoreAutoCommit(connection, autoCommit);
        }
    }

    private static void rollbackQuietly(Connection connection) {
        try {
            connection.rollback();
        } catch (SQLException ignored) {
            // The original failure is the one worth reporting; a dead connection cannot roll back.
        }
    }

    private static void restoreAutoCommit(Connection connection, boolean autoCommit) {
        try {
            connection.setAutoCommit(autoCommit);
        } catch (SQLException ignored) {
            // Broken connection: the pool's validation on the next borrow discards it.
        }
    }
}
