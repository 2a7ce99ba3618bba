package org.hybridconnector.rubis.db;

import java.sql.SQLException;

/**
 * No usable database: it is down or unreachable, the pool is exhausted, or it holds no RUBiS
 * tables yet. Pages answer 503 while this lasts.
 */
public final class DatabaseUnavailableException extends SQLException {

    public DatabaseUnavailableException(String message, SQLException cause) {
        super(message, cause.getSQLState(), cause.getErrorCode(), cause);
    }

    public DatabaseUnavailableException(String message) {
        super(message);
    }
}
