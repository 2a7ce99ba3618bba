package org.hybridconnector.rubis;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** Checks of the invariants the write interactions must keep. */
final class Consistency {

    private Consistency() {
    }

    /** Items whose nb_of_bids or max_bid disagree with their bids; 0 when consistent. */
    static int inconsistentItems(Connection connection) throws SQLException {
        String sql = "SELECT COUNT(*) FROM items i WHERE i.nb_of_bids <> (SELECT COUNT(*) FROM bids b WHERE b.item_id = i.id)"
                + " OR i.max_bid <> COALESCE((SELECT MAX(b.bid) FROM bids b WHERE b.item_id = i.id), 0)";
        return count(connection, sql);
    }

    /** Users whose rating differs from the sum of the ratings of comments about them. */
    static int inconsistentRatings(Connection connection) throws SQLException {
        String sql = "SELECT COUNT(*) FROM users u WHERE u.rating <> COALESCE("
                + "(SELECT SUM(c.rating) FROM comments c WHERE c.to_user_id = u.id), 0)";
        return count(connection, sql);
    }

    static int count(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet row = statement.executeQuery(sql)) {
            row.next();
            return row.getInt(1);
        }
    }
}
