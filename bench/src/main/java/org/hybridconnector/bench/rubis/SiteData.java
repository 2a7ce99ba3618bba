package org.hybridconnector.bench.rubis;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * What the session generator needs to know of the loaded RUBiS database, so that generated
 * sessions name ids that exist: the number of users, the categories and regions, and the open
 * auctions with what their pages show (category, seller and its region, quantity, buy-now, price).
 * Read over JDBC, or from the tab-separated dump {@link #write} makes.
 */
public record SiteData(int users, List<Named> categories, List<Named> regions, List<Item> openItems) {

    /** A category or region: database id and name. */
    public record Named(int id, String name) {
    }

    /** An open auction, as the generator needs it; {@code rank} orders items by end date. */
    public record Item(int id, int category, int seller, int sellerRegion, int quantity, boolean buyNow,
            double price, long rank) {
    }

    public SiteData {
        if (users < 1 || categories.isEmpty() || regions.isEmpty() || openItems.isEmpty()) {
            throw new IllegalArgumentException("the RUBiS database has no users, categories, regions or open items: " +
                    users + " users, " + categories.size() + " categories, " + regions.size() + " regions, " +
                    openItems.size() + " open items");
        }
        categories = List.copyOf(categories);
        regions = List.copyOf(regions);
        List<Item> sorted = new ArrayList<>(openItems);
        sorted.sort(Comparator.comparingLong(Item::rank).thenComparingInt(Item::id));
        openItems = List.copyOf(sorted);
    }

    /** Reads the figures from a RUBiS database (H2 or MariaDB) the web application would serve. */
    public static SiteData fromDatabase(String url, String user, String password) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url, user, password);
                Statement statement = connection.createStatement()) {
            int users;
            try (ResultSet rs = statement.executeQuery("SELECT COUNT(*) FROM users")) {
                rs.next();
                users = rs.getInt(1);
            }
            List<Named> categories = named(statement, "SELECT id, name FROM categories ORDER BY id");
            List<Named> regions = named(statement, "SELECT id, name FROM regions ORDER BY id");
            List<Item> items = new ArrayList<>();
            // The search pages list open auctions in end-date order; the rank keeps that order.
            try (ResultSet rs = statement.executeQuery("SELECT i.id, i.category, i.seller, u.region, i.quantity, " +
                    "i.buy_now, i.max_bid, i.initial_price, i.end_date FROM items i JOIN users u ON u.id = i.seller " +
                    "WHERE i.end_date >= CURRENT_TIMESTAMP ORDER BY i.end_date, i.id")) {
                long rank = 0;
                while (rs.next()) {
                    items.add(new Item(rs.getInt(1), rs.getInt(2), rs.getInt(3), rs.getInt(4), rs.getInt(5),
                            rs.getDouble(6) > 0, Math.max(rs.getDouble(7), rs.getDouble(8)), rank++));
                }
            }
            return new SiteData(users, categories, regions, items);
        }
    }

    private static List<Named> named(Statement statement, String query) throws SQLException {
        List<Named> named = new ArrayList<>();
        try (ResultSet rs = statement.executeQuery(query)) {
            while (rs.next()) {
                named.add(new Named(rs.getInt(1), rs.getString(2)));
            }
        }
        return named;
    }

    /** Writes the dump {@link #read} reads: one record a line, tab-separated. */
    public void write(Path file) throws IOException {
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("users\t" + users + "\n");
            for (Named category : categories) {
                out.write("category\t" + category.id() + "\t" + category.name() + "\n");
            }
            for (Named region : regions) {
                out.write("region\t" + region.id() + "\t" + region.name() + "\n");
            }
            for (Item item : openItems) {
                out.write("item\t" + item.id() + "\t" + item.category() + "\t" + item.seller() + "\t" +
                        item.sellerRegion() + "\t" + item.quantity() + "\t" + item.buyNow() + "\t" + item.price() +
                        "\t" + item.rank() + "\n");
            }
        }
    }

    public static SiteData read(Path file) throws IOException {
        int users = 0;
        List<Named> categories = new ArrayList<>();
        List<Named> regions = new ArrayList<>();
        List<Item> items = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                String[] f = line.split("\t", -1);
                switch (f[0]) {
                    case "users" -> users = Integer.parseInt(f[1]);
                    case "category" -> categories.add(new Named(Integer.parseInt(f[1]), f[2]));
                    case "region" -> regions.add(new Named(Integer.parseInt(f[1]), f[2]));
                    case "item" -> items.add(new Item(Integer.parseInt(f[1]), Integer.parseInt(f[2]),
                            Integer.parseInt(f[3]), Integer.parseInt(f[4]), Integer.parseInt(f[5]),
                            Boolean.parseBoolean(f[6]), Double.parseDouble(f[7]), Long.parseLong(f[8])));
                    case "" -> {
                        // blank line
                    }
                    default -> throw new IOException("unknown record '" + f[0] + "' in " + file);
                }
            }
        }
        return new SiteData(users, categories, regions, items);
    }
}
