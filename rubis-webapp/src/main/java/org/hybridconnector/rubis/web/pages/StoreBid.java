package org.hybridconnector.rubis.web.pages;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDateTime;

import org.hybridconnector.rubis.db.Transactions;
import org.hybridconnector.rubis.web.ErrorReply;
import org.hybridconnector.rubis.web.HtmlPage;
import org.hybridconnector.rubis.web.Parameters;
import org.hybridconnector.rubis.web.RubisServlet;

/**
 * Records a bid: {@code ?itemId=&userId=&minBid=&maxQty=&bid=&maxBid=&qty=}.
 *
 * <p>One transaction inserts the bid and updates the item's nb_of_bids and max_bid, so the
 * summary columns always equal count(bids) and max(bids.bid) of the item. The item row is read
 * with SELECT ... FOR UPDATE (as the original read it) before anything is written: concurrent bids on one item queue on
 * that lock instead of losing each other's increments, and no lock-order deadlock is possible
 * because every bid transaction takes the same single row lock first.
 *
 * <p>Deviation from the original, which stored the bidder's maximum (maxBid) into
 * items.max_bid: we store the highest bid amount, so the page price is a real bid and the
 * invariant above holds. The statements and their number are the same.
 */
public final class StoreBid extends RubisServlet {

    @Override
    protected String interaction() {
        return "StoreBid";
    }

    @Override
    protected void respond(Parameters parameters, HtmlPage page) throws SQLException {
        int itemId = parameters.requiredInt("itemId");
        int userId = parameters.requiredInt("userId");
        float minBid = parameters.requiredPrice("minBid");
        float bid = parameters.requiredPrice("bid");
        float maxBid = parameters.requiredPrice("maxBid");
        int maxQty = parameters.requiredInt("maxQty");
        int qty = parameters.requiredInt("qty");
        if (qty < 1 || qty > maxQty) {
            throw ErrorReply.badRequest("You cannot request " + qty + " items because only " + maxQty
                    + " are proposed!");
        }
        if (bid < minBid) {
            throw ErrorReply.badRequest("Your bid of $" + bid + " is not acceptable because it is below the $"
                    + minBid + " minimum bid!");
        }
        if (maxBid < minBid) {
            throw ErrorReply.badRequest("Your maximum bid of $" + maxBid
                    + " is not acceptable because it is below the $" + minBid + " minimum bid!");
        }
        if (maxBid < bid) {
            throw ErrorReply.badRequest("Your maximum bid of $" + maxBid
                    + " is not acceptable because it is below your current bid of $" + bid + "!");
        }
        try (Connection connection = connect()) {
            Transactions.run(connection, c -> {
                try (PreparedStatement lock = c.prepareStatement(
                        "SELECT nb_of_bids, max_bid FROM items WHERE id = ? FOR UPDATE")) {
                    lock.setInt(1, itemId);
                    try (ResultSet item = lock.executeQuery()) {
                        if (!item.next()) {
                            throw ErrorReply.notFound("This item does not exist!");
                        }
                    }
                }
                try (PreparedStatement insert = c.prepareStatement(
                        "INSERT INTO bids (user_id, item_id, qty, bid, max_bid, date) VALUES (?, ?, ?, ?, ?, ?)")) {
                    insert.setInt(1, userId);
                    insert.setInt(2, itemId);
                    insert.setInt(3, qty);
                    insert.setFloat(4, bid);
                    insert.setFloat(5, maxBid);
                    insert.setTimestamp(6, Timestamp.valueOf(LocalDateTime.now()));
                    insert.executeUpdate();
                }
                // Computed by the database, not from the values read above: MariaDB sends FLOAT
                // columns as text rounded to 6 significant digits, and writing such a rounded
                // value back would break max_bid = max(bids.bid).
                try (PreparedStatement update = c.prepareStatement(
                        "UPDATE items SET max_bid = GREATEST(max_bid, ?), nb_of_bids = nb_of_bids + 1 WHERE id = ?")) {
                    update.setFloat(1, bid);
                    update.setInt(2, itemId);
                    update.executeUpdate();
                }
                return null;
            });
        }
        page.title("RUBiS: Bidding result");
        page.html("<center><h2>Your bid has been successfully processed.</h2></center>\n");
    }
}
