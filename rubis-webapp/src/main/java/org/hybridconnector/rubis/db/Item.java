package org.hybridconnector.rubis.db;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDateTime;

/** One row of the items table. */
public record Item(
        int id,
        String name,
        String description,
        float initialPrice,
        int quantity,
        float reservePrice,
        float buyNow,
        int nbOfBids,
        float maxBid,
        LocalDateTime startDate,
        LocalDateTime endDate,
        int seller,
        int category) {

    public static Item from(ResultSet row) throws SQLException {
        return new Item(
                row.getInt("id"),
                row.getString("name"),
                row.getString("description"),
                row.getFloat("initial_price"),
                row.getInt("quantity"),
                row.getFloat("reserve_price"),
                row.getFloat("buy_now"),
                row.getInt("nb_of_bids"),
                row.getFloat("max_bid"),
                localDateTime(row.getTimestamp("start_date")),
                localDateTime(row.getTimestamp("end_date")),
                row.getInt("seller"),
                row.getInt("category"));
    }

    /** The price a visitor sees: the highest bid, or the first-bid price while there is none. */
    public float currentPrice() {
        return maxBid > 0 ? maxBid : initialPrice;
    }

    static LocalDateTime localDateTime(Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toLocalDateTime();
    }
}
