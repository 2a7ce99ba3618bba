package org.hybridconnector.rubis.db;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;

/**
 * The two databases RUBiS runs on. Page queries are written once in SQL both accept; only the
 * DDL and the way an identity column is moved past explicitly inserted ids differ.
 */
public enum DatabaseKind {
    H2("schema-h2.sql"),
    MARIADB("schema-mariadb.sql");

    private final String schemaResource;

    DatabaseKind(String schemaResource) {
        this.schemaResource = schemaResource;
    }

    String schemaResource() {
        return schemaResource;
    }

    public static DatabaseKind of(Connection connection) throws SQLException {
        String product = connection.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT);
        if (product.contains("h2")) {
            return H2;
        }
        if (product.contains("mariadb") || product.contains("mysql")) {
            return MARIADB;
        }
        throw new SQLException("RUBiS supports H2 and MariaDB/MySQL, not " + product);
    }

    /**
     * After a bulk load with explicit ids, makes the next generated id of {@code table} follow
     * {@code maxId}. MariaDB's AUTO_INCREMENT already does; H2's identity sequence does not move
     * when ids are supplied, so the first RegisterUser would otherwise collide with user 1.
     */
    public void continueIdsAfter(Connection connection, String table, long maxId) throws SQLException {
        if (this == H2) {
            try (Statement statement = connection.createStatement()) {
                statement.execute("ALTER TABLE " + table + " ALTER COLUMN id RESTART WITH " + (maxId + 1));
            }
        }
    }
}
