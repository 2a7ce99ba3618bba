package org.hybridconnector.rubis.db;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Creates, detects and drops the RUBiS tables. */
public final class SchemaInstaller {

    /** Every table of the schema, in creation order. */
    public static final List<String> TABLES = List.of(
            "categories", "regions", "users", "items", "old_items", "bids", "comments", "buy_now");

    private SchemaInstaller() {
    }

    /** True once the last table of the creation script exists, i.e. the DDL ran to the end. */
    public static boolean isInstalled(Connection connection) throws SQLException {
        DatabaseMetaData meta = connection.getMetaData();
        String last = TABLES.get(TABLES.size() - 1);
        for (String name : List.of(last, last.toUpperCase(Locale.ROOT))) {
            try (ResultSet tables = meta.getTables(connection.getCatalog(), null, name, new String[] {"TABLE"})) {
                if (tables.next()) {
                    return true;
                }
            }
        }
        return false;
    }

    public static void create(Connection connection) throws SQLException {
        DatabaseKind kind = DatabaseKind.of(connection);
        try (Statement statement = connection.createStatement()) {
            for (String ddl : statements(kind.schemaResource())) {
                statement.execute(ddl);
            }
        }
    }

    public static void drop(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            for (String table : TABLES) {
                statement.execute("DROP TABLE IF EXISTS " + table);
            }
        }
    }

    private static List<String> statements(String resource) {
        String script;
        try (InputStream in = SchemaInstaller.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing schema resource " + resource);
            }
            script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> result = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : script.split("\n")) {
            if (line.strip().startsWith("--")) {
                continue;
            }
            current.append(line).append('\n');
            if (line.strip().endsWith(";")) {
                String sql = current.toString().strip();
                result.add(sql.substring(0, sql.length() - 1));
                current.setLength(0);
            }
        }
        return result;
    }
}
