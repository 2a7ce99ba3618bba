package org.hybridconnector.rubis.load;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.hybridconnector.rubis.data.Category;
import org.hybridconnector.rubis.data.ReferenceData;
import org.hybridconnector.rubis.db.DatabaseKind;
import org.hybridconnector.rubis.db.SchemaInstaller;

/**
 * Creates the RUBiS schema and fills it the way the original loader did (docs/rubis.md, "The
 * generator"), but with JDBC batches straight into the tables instead of
 * one HTTP call per row. Rows come out as the web interactions would have left them: each
 * item's nb_of_bids and max_bid agree with its bids, and each user's rating is the sum of the
 * comments about them.
 */
public final class DatabaseLoader {

    private static final int[] COMMENT_RATINGS = {-5, -3, 0, 3, 5};
    private static final int MAX_INITIAL_PRICE = 5000;
    private static final int MAX_PRICE_STEP = 1000;
    private static final int MAX_DURATION_DAYS = 7;
    private static final int MAX_BID_INCREMENT = 10;

    private final GeneratorSettings settings;
    private final SplittableRandom random;

    public DatabaseLoader(GeneratorSettings settings) {
        this.settings = settings;
        this.random = new SplittableRandom(settings.seed());
    }

    /**
     * Creates the schema on {@code connection} and loads it. The database must not hold the
     * RUBiS tables yet unless {@code replace} is set, in which case they are dropped first.
     */
    public LoadSummary load(Connection connection, boolean replace) throws SQLException {
        long start = System.nanoTime();
        if (SchemaInstaller.isInstalled(connection)) {
            if (!replace) {
                throw new SQLException("the RUBiS tables already exist; drop them first (DataGenerator --replace)");
            }
            SchemaInstaller.drop(connection);
        }
        SchemaInstaller.create(connection);

        boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(false);
        Map<String, Long> rows = new LinkedHashMap<>();
        try {
            Timestamp now = Timestamp.valueOf(LocalDateTime.now().truncatedTo(ChronoUnit.SECONDS));
            rows.put("categories", loadCategories(connection));
            rows.put("regions", loadRegions(connection));
            int[] ratings = new int[settings.users() + 1];
            rows.putAll(loadAuctions(connection, now, ratings));
            rows.put("users", loadUsers(connection, now, ratings));
            DatabaseKind kind = DatabaseKind.of(connection);
            for (Map.Entry<String, Long> table : rows.entrySet()) {
                kind.continueIdsAfter(connection, table.getKey(), table.getValue());
            }
            connection.commit();
        } catch (SQLException | RuntimeException e) {
            connection.rollback();
            throw e;
        } finally {
            connection.setAutoCommit(autoCommit);
        }
        return new LoadSummary(rows, Duration.ofNanos(System.nanoTime() - start));
    }

    private long loadCategories(Connection connection) throws SQLException {
        try (BatchedInsert categories = new BatchedInsert(connection, "categories", "id", "name")) {
            for (Category category : ReferenceData.categories()) {
                categories.add(category.id(), category.name());
            }
            categories.flush();
            return categories.rows();
        }
    }

    private long loadRegions(Connection connection) throws SQLException {
        try (BatchedInsert regions = new BatchedInsert(connection, "regions", "id", "name")) {
            List<String> names = ReferenceData.regions();
            for (int i = 0; i < names.size(); i++) {
                regions.add(i + 1, names.get(i));
            }
            regions.flush();
            return regions.rows();
        }
    }

    private Map<String, Long> loadAuctions(Connection connection, Timestamp now, int[] ratings) throws SQLException {
        try (BatchedInsert items = new BatchedInsert(connection, "items", "id", "name", "description",
                        "initial_price", "quantity", "reserve_price", "buy_now", "nb_of_bids", "max_bid",
                        "start_date", "end_date", "seller", "category");
                BatchedInsert bids = new BatchedInsert(connection, "bids",
                        "id", "user_id", "item_id", "qty", "bid", "max_bid", "date");
                BatchedInsert comments = new BatchedInsert(connection, "comments",
                        "id", "from_user_id", "to_user_id", "item_id", "rating", "date", "comment")) {
            CategoryRotation activeCategories = new CategoryRotation(settings.activeItemsPerCategory());
            int total = settings.totalItems();
            for (int index = 0; index < total; index++) {
                boolean closed = index < settings.oldItems();
                int category = closed
                        ? index % settings.activeItemsPerCategory().size() + 1
                        : activeCategories.next(index);
                addAuction(index, closed, category, now, ratings, items, bids, comments);
                if (items.pending() + bids.pending() + comments.pending() >= settings.batchSize()) {
                    flushAndCommit(connection, items, bids, comments);
                }
            }
            flushAndCommit(connection, items, bids, comments);
            Map<String, Long> rows = new LinkedHashMap<>();
            rows.put("items", items.rows());
            rows.put("bids", bids.rows());
            rows.put("comments", comments.rows());
            return rows;
        }
    }

    /**
     * One auction: the item, its bids and the one comment the buyer left the seller. The
     * reserve, buy-now and single-unit flags follow the original's thresholds on the item's
     * absolute index against a percentage of its group's size, so with the default sizes no
     * open auction has a reserve or buy-now price and all are multi-unit (docs/rubis.md, "The
     * generator").
     */
    private void addAuction(int index, boolean closed, int category, Timestamp now, int[] ratings,
            BatchedInsert items, BatchedInsert bids, BatchedInsert comments) throws SQLException {
        int groupSize = closed ? settings.oldItems() : settings.activeItems();
        int id = index + 1;
        float initialPrice = uniform(1, MAX_INITIAL_PRICE);
        float reservePrice = index < settings.percentReservePrice() * groupSize / 100
                ? initialPrice + uniform(0, MAX_PRICE_STEP - 1) : 0;
        float buyNow = index < settings.percentBuyNow() * groupSize / 100
                ? initialPrice + reservePrice + uniform(0, MAX_PRICE_STEP - 1) : 0;
        int quantity = index < settings.percentUniqueItems() * groupSize / 100
                ? 1 : uniform(1, settings.maxQuantity());
        int days = uniform(1, MAX_DURATION_DAYS);
        // Closed auctions get a negative duration, as in the original: they ended days ago.
        Timestamp end = Timestamp.valueOf(now.toLocalDateTime().plusDays(closed ? -days : days));
        int seller = uniform(1, settings.users());

        int bidCount = uniform(0, settings.maxBidsPerItem() - 1);
        float running = initialPrice;
        float highest = 0;
        for (int b = 0; b < bidCount; b++) {
            int step = uniform(1, MAX_BID_INCREMENT);
            float bid = running + step;
            float bidderMaximum = running + 2 * step;
            running += step;
            highest = Math.max(highest, bid);
            bids.add(bids.rows() + 1, uniform(1, settings.users()), id, uniform(1, quantity), bid, bidderMaximum, now);
        }

        items.add(id, "RUBiS automatically generated item #" + index,
                CannedText.description(uniform(1, settings.maxDescriptionLength())),
                initialPrice, quantity, reservePrice, buyNow, bidCount, highest, now, end, seller, category);

        int rank = random.nextInt(COMMENT_RATINGS.length);
        int rating = COMMENT_RATINGS[rank];
        ratings[seller] += rating;
        comments.add(comments.rows() + 1, uniform(1, settings.users()), seller, id, rating, now,
                CannedText.comment(rank, uniform(1, settings.maxCommentLength())));
    }

    private long loadUsers(Connection connection, Timestamp now, int[] ratings) throws SQLException {
        int regionCount = ReferenceData.regions().size();
        try (BatchedInsert users = new BatchedInsert(connection, "users", "id", "firstname", "lastname",
                "nickname", "password", "email", "rating", "balance", "creation_date", "region")) {
            for (int i = 1; i <= settings.users(); i++) {
                users.add(i, "Great" + i, "User" + i, "user" + i, "password" + i,
                        "Great" + i + ".User" + i + "@rubis.com", ratings[i], 0f, now, (i - 1) % regionCount + 1);
                if (users.pending() >= settings.batchSize()) {
                    flushAndCommit(connection, users);
                }
            }
            flushAndCommit(connection, users);
            return users.rows();
        }
    }

    private static void flushAndCommit(Connection connection, BatchedInsert... inserts) throws SQLException {
        for (BatchedInsert insert : inserts) {
            insert.flush();
        }
        connection.commit();
    }

    private int uniform(int lowest, int highest) {
        return random.nextInt(lowest, highest + 1);
    }
}
