package org.hybridconnector.rubis.db;

import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientException;

/**
 * Sorts database failures into "come back later" (the database is unreachable, the pool is
 * exhausted, a lock wait or deadlock aborted the transaction) and everything else, which is a
 * fault of this application.
 */
public final class SqlFailures {

    private static final int MARIADB_LOCK_WAIT_TIMEOUT = 1205;
    private static final int MARIADB_DEADLOCK = 1213;

    private SqlFailures() {
    }

    public static boolean isTemporary(SQLException failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof DatabaseUnavailableException
                    || t instanceof SQLTransientException
                    || t instanceof SQLRecoverableException
                    || t instanceof java.sql.SQLNonTransientConnectionException) {
                return true;
            }
            if (t instanceof SQLException sql) {
                String state = sql.getSQLState();
                if (state != null && (state.startsWith("08") || state.startsWith("40") || state.equals("HYT00"))) {
                    return true;
                }
                if (sql.getErrorCode() == MARIADB_LOCK_WAIT_TIMEOUT || sql.getErrorCode() == MARIADB_DEADLOCK) {
                    return true;
                }
            }
            if (t instanceof java.net.SocketException || t instanceof java.io.EOFException) {
                return true;
            }
        }
        return false;
    }

    public static boolean isDuplicateKey(SQLException failure) {
        return failure.getSQLState() != null && failure.getSQLState().startsWith("23");
    }
}
