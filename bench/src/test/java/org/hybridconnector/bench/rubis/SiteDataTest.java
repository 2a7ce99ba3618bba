package org.hybridconnector.bench.rubis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SiteDataTest {

    @Test
    void testReadsOpenAuctionsFromADatabaseAndRoundTripsThroughTheDump(@TempDir Path dir) throws Exception {
        String url = "jdbc:h2:" + dir.resolve("rubis");
        try (Connection connection = DriverManager.getConnection(url, "sa", "");
                Statement s = connection.createStatement()) {
            s.execute("CREATE TABLE categories (id INT PRIMARY KEY, name VARCHAR(50))");
            s.execute("CREATE TABLE regions (id INT PRIMARY KEY, name VARCHAR(25))");
            s.execute("CREATE TABLE users (id INT PRIMARY KEY, region INT)");
            s.execute("CREATE TABLE items (id INT PRIMARY KEY, category INT, seller INT, quantity INT, buy_now FLOAT, "
                    + "max_bid FLOAT, initial_price FLOAT, end_date TIMESTAMP)");
            s.execute("INSERT INTO categories VALUES (1, 'Books'), (2, 'Toys & Hobbies')");
            s.execute("INSERT INTO regions VALUES (1, 'AZ--Phoenix'), (2, 'CA--Los Angeles')");
            s.execute("INSERT INTO users VALUES (1, 1), (2, 2), (3, 1)");
            s.execute("INSERT INTO items VALUES (10, 1, 2, 3, 0, 0, 15, DATEADD('DAY', 2, CURRENT_TIMESTAMP)), "
                    + "(11, 2, 3, 1, 40, 22, 15, DATEADD('DAY', 1, CURRENT_TIMESTAMP)), "
                    + "(12, 2, 1, 1, 0, 0, 5, DATEADD('DAY', -1, CURRENT_TIMESTAMP))");
        }
        SiteData site = SiteData.fromDatabase(url, "sa", "");
        assertEquals(3, site.users());
        assertEquals(List.of("Books", "Toys & Hobbies"), site.categories().stream().map(SiteData.Named::name).toList());
        // Item 12 is closed; the open ones come in end-date order, with seller region and price.
        assertEquals(List.of(11, 10), site.openItems().stream().map(SiteData.Item::id).toList());
        SiteData.Item first = site.openItems().get(0);
        assertEquals(1, first.sellerRegion());
        assertEquals(22, first.price(), 1e-9);
        assertEquals(true, first.buyNow());

        Path dump = dir.resolve("site.tsv");
        site.write(dump);
        assertEquals(site, SiteData.read(dump));
    }

    @Test
    void testAnEmptyDatabaseIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new SiteData(0, List.of(), List.of(), List.of()));
    }
}
