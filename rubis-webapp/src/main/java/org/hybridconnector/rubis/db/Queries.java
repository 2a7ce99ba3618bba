package org.hybridconnector.rubis.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import java.util.OptionalInt;

/** The few look-ups that many interactions share. */
public final class Queries {

    private Queries() {
    }

    public static Optional<Item> item(Connection connection, int id) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("SELECT * FROM items WHERE id = ?")) {
            statement.setInt(1, id);
            try (ResultSet row = statement.executeQuery()) {
                return row.next() ? Optional.of(Item.from(row)) : Optional.empty();
            }
        }
    }

    public static Optional<String> nickname(Connection connection, int userId) throws SQLException {
        return singleString(connection, "SELECT nickname FROM users WHERE id = ?", userId);
    }

    public static Optional<String> itemName(Connection connection, int itemId) throws SQLException {
        return singleString(connection, "SELECT name FROM items WHERE id = ?", itemId);
    }

    /** The id of the user with this nickname and password, if there is one. */
    public static OptionalInt authenticate(Connection connection, String nickname, String password)
            throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT id FROM users WHERE nickname = ? AND password = ?")) {
            statement.setString(1, nickname);
            statement.setString(2, password);
            try (ResultSet row = statement.executeQuery()) {
                return row.next() ? OptionalInt.of(row.getInt(1)) : OptionalInt.empty();
            }
        }
    }

    public static OptionalInt regionId(Connection connection, String regionName) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("SELECT id FROM regions WHERE name = ?")) {
            statement.setString(1, regionName);
            try (ResultSet row = statement.executeQuery()) {
                return row.next() ? OptionalInt.of(row.getInt(1)) : OptionalInt.empty();
            }
        }
    }

    private static Optional<String> singleString(Connection connection, String sql, int id) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setInt(1, id);
            try (ResultSet row = statement.executeQuery()) {
                return row.next() ? Optional.ofNullable(row.getString(1)) : Optional.empty();
            }
        }
    }
}
