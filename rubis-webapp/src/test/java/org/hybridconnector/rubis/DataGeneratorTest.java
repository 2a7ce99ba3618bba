package org.hybridconnector.rubis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

import org.hybridconnector.rubis.data.Category;
import org.hybridconnector.rubis.data.ReferenceData;
import org.hybridconnector.rubis.load.DatabaseLoader;
import org.hybridconnector.rubis.load.GeneratorSettings;
import org.hybridconnector.rubis.load.LoadSummary;
import org.junit.jupiter.api.Test;

/** The generated data set has the original loader's sizes and distributions. */
class DataGeneratorTest {

    private static final double SCALE = 0.005;

    @Test
    void scaleOneIsTheOriginalsDefaultSize() {
        GeneratorSettings full = GeneratorSettings.forScale(1);
        assertEquals(1_000_000, full.users());
        assertEquals(1_000_000, full.oldItems());
        assertEquals(32_667, full.activeItems());
        assertEquals(20, ReferenceData.categories().size());
        assertEquals(62, ReferenceData.regions().size());
        assertEquals(32_667, ReferenceData.categories().stream().mapToInt(Category::activeItems).sum());
    }

    @Test
    void loadFollowsTheOriginalDistributions() throws Exception {
        GeneratorSettings settings = GeneratorSettings.forScale(SCALE);
        try (Connection c = DriverManager.getConnection("jdbc:h2:mem:generator;DB_CLOSE_DELAY=-1", "sa", "")) {
            LoadSummary summary = new DatabaseLoader(settings).load(c, false);
            assertEquals(settings.users(), summary.rowsPerTable().get("users"));
            assertEquals(settings.totalItems(), summary.rowsPerTable().get("items"));
            assertEquals(settings.totalItems(), summary.rowsPerTable().get("comments"), "one comment per item");

            List<Integer> quotas = settings.activeItemsPerCategory();
            for (int category = 1; category <= quotas.size(); category++) {
                assertEquals(quotas.get(category - 1), count(c,
                        "SELECT COUNT(*) FROM items WHERE end_date > CURRENT_TIMESTAMP AND category = " + category));
            }
            assertEquals(settings.oldItems(), count(c, "SELECT COUNT(*) FROM items WHERE end_date < CURRENT_TIMESTAMP"));
            assertEquals(0, count(c, "SELECT COUNT(*) FROM items WHERE end_date > CURRENT_TIMESTAMP"
                    + " AND (reserve_price > 0 OR buy_now > 0)"), "open items fall past the original's thresholds");
            int old = settings.oldItems();
            assertEquals(old * 40 / 100, count(c, "SELECT COUNT(*) FROM items WHERE reserve_price > 0"));
            assertEquals(old * 10 / 100, count(c, "SELECT COUNT(*) FROM items WHERE buy_now > 0"));
            assertEquals(0, count(c, "SELECT COUNT(*) FROM items WHERE id <= " + (old * 80 / 100) + " AND quantity <> 1"));
            assertEquals(0, count(c, "SELECT COUNT(*) FROM items WHERE quantity < 1 OR quantity > 10"));
            assertEquals(0, count(c, "SELECT COUNT(*) FROM items WHERE nb_of_bids > 19"));
            double bidsPerItem = count(c, "SELECT COUNT(*) FROM bids") / (double) settings.totalItems();
            assertTrue(bidsPerItem > 8.5 && bidsPerItem < 10.5, "mean bids per item " + bidsPerItem);
            assertEquals(0, count(c, "SELECT COUNT(*) FROM bids b, items i WHERE b.item_id = i.id AND b.qty > i.quantity"));
            assertEquals(0, count(c, "SELECT COUNT(*) FROM comments WHERE rating NOT IN (-5, -3, 0, 3, 5)"));
            assertEquals(0, count(c, "SELECT COUNT(*) FROM comments WHERE LENGTH(comment) > 2048 OR LENGTH(comment) < 1"));
            assertEquals(0, count(c, "SELECT COUNT(*) FROM items WHERE LENGTH(description) > 8192"));
            assertEquals(0, count(c, "SELECT COUNT(*) FROM comments c, items i WHERE c.item_id = i.id AND c.to_user_id <> i.seller"));
            assertEquals(0, Consistency.inconsistentItems(c));
            assertEquals(0, Consistency.inconsistentRatings(c));
            assertEquals(0, count(c, "SELECT COUNT(*) FROM users WHERE region <> MOD(id - 1, 62) + 1"));
            assertEquals(1, count(c, "SELECT COUNT(*) FROM users WHERE nickname = 'user1' AND password = 'password1'"
                    + " AND email = 'Great1.User1@rubis.com'"));
            assertEquals(0, count(c, "SELECT COUNT(*) FROM comments WHERE comment LIKE '%Sorry%' OR comment LIKE '%ERROR%'"
                    + " OR (SELECT COUNT(*) FROM items WHERE description LIKE '%Sorry%') > 0"));

            // Ids continue after the loaded rows, on H2 as on MariaDB.
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO users (nickname, password, email, region)"
                    + " VALUES ('fresh', 'pw', 'e', 1)")) {
                insert.executeUpdate();
            }
            assertEquals(settings.users() + 1, count(c, "SELECT id FROM users WHERE nickname = 'fresh'"));

            assertThrows(SQLException.class, () -> new DatabaseLoader(settings).load(c, false),
                    "an existing schema is not overwritten by accident");
        }
    }

    private static int count(Connection c, String sql) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql); ResultSet row = s.executeQuery()) {
            row.next();
            return row.getInt(1);
        }
    }
}
