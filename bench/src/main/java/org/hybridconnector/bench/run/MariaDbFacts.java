package org.hybridconnector.bench.run;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * What a report says of the MariaDB a run used: its version, and its buffer pool beside the data
 * set's size (a pool smaller than the data measures the database's page copies, not the connectors).
 */
public record MariaDbFacts(String version, long bufferPoolMib, long dataMib) {

    /** Read from the server the URL names; the data set is that of the URL's database. */
    public static MariaDbFacts read(String url, String user) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url, user, "");
                Statement statement = connection.createStatement()) {
            refreshStatistics(statement);
            return new MariaDbFacts(text(statement, "SELECT VERSION()"),
                    Long.parseLong(text(statement, "SELECT @@innodb_buffer_pool_size DIV 1048576")),
                    Long.parseLong(text(statement, "SELECT COALESCE(SUM(data_length + index_length), 0) DIV 1048576"
                            + " FROM information_schema.tables WHERE table_schema = DATABASE()")));
        }
    }

    /**
     * InnoDB's table sizes are statistics, updated some time after a bulk load: a database loaded a
     * moment ago reads as a few empty pages until its tables are analysed.
     */
    private static void refreshStatistics(Statement statement) throws SQLException {
        List<String> tables = new ArrayList<>();
        try (ResultSet result = statement.executeQuery("SELECT table_name FROM information_schema.tables"
                + " WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE'")) {
            while (result.next()) {
                tables.add("`" + result.getString(1).replace("`", "``") + "`");
            }
        }
        if (!tables.isEmpty()) {
            try (ResultSet ignored = statement.executeQuery("ANALYZE TABLE " + String.join(", ", tables))) {
                // one status row per table; a table that could not be analysed keeps its old size
            }
        }
    }

    private static String text(Statement statement, String query) throws SQLException {
        try (ResultSet result = statement.executeQuery(query)) {
            result.next();
            return result.getString(1);
        }
    }

    /** "MariaDB's buffer pool: 1024 MiB for a 618 MiB data set." */
    public String bufferPoolNote() {
        return "MariaDB's buffer pool: " + bufferPoolMib + " MiB for a " + dataMib + " MiB data set.";
    }
}
