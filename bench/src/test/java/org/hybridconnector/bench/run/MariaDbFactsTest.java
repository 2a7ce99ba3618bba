package org.hybridconnector.bench.run;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

import org.junit.jupiter.api.Test;

/** Against the MariaDB the tests need at 127.0.0.1:3306 (root, no password), as .ci/run starts it. */
class MariaDbFactsTest {

    @Test
    void testTheServerTellsItsVersionPoolAndDataSize() throws SQLException {
        MariaDbFacts facts = MariaDbFacts.read("jdbc:mariadb://127.0.0.1:3306/mysql", "root");
        assertTrue(facts.version().contains("MariaDB"), facts.version());
        assertTrue(facts.bufferPoolMib() > 0, facts::toString);
        assertTrue(facts.dataMib() >= 0, facts::toString);
        assertTrue(facts.bufferPoolNote().matches("MariaDB's buffer pool: [0-9]+ MiB for a [0-9]+ MiB data set\\."),
                facts::bufferPoolNote);
    }

    @Test
    void testADataSetLoadedAMomentAgoIsCountedWhole() throws SQLException {
        String server = "jdbc:mariadb://127.0.0.1:3306/";
        try (Connection connection = DriverManager.getConnection(server, "root", "");
                Statement statement = connection.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS hybrid_facts_test");
            statement.execute("CREATE DATABASE hybrid_facts_test");
            try {
                statement.execute("CREATE TABLE hybrid_facts_test.items (id INT PRIMARY KEY, text VARCHAR(1000))"
                        + " ENGINE=InnoDB");
                // 6,000 rows of 1,000 bytes: about 6 MiB in the table's own pages.
                statement.execute("INSERT INTO hybrid_facts_test.items SELECT seq, REPEAT('x', 1000)"
                        + " FROM hybrid_facts_test.seq_1_to_6000");
                MariaDbFacts facts = MariaDbFacts.read(server + "hybrid_facts_test", "root");
                assertTrue(facts.dataMib() >= 5, facts::toString);
            } finally {
                statement.execute("DROP DATABASE hybrid_facts_test");
            }
        }
    }
}
