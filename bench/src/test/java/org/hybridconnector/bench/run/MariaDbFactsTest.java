package org.hybridconnector.bench.run;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;

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
}
