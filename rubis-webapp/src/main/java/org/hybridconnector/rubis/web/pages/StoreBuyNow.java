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
 * Records a buy-now purchase: {@code ?itemId=&userId=&qty=&maxQty=}. One transaction takes the
 * units off the item (closing the auction when none are left) and records the purchase; the
 * item row is locked first so that two buyers cannot take the same last unit.
 */
public final class StoreBuyNow extends RubisServlet {

    @Override
    protected String interaction() {
        return "StoreBuyNow";
    }

    @Override
    protected void respond(Parameters parameters, HtmlPage page) throws SQLException {
        int itemId = parameters.requiredInt("itemId");
        int userId = parameters.requiredInt("userId");
        int qty = parameters.requiredInt("qty");
        int maxQty = parameters.requiredInt("maxQty");
        if (qty < 1 || qty > maxQty) {
            throw ErrorReply.badRequest("You cannot request " + qty + " items because only " + maxQty
                    + " are proposed!");
        }
        try (Connection connection = connect()) {
            Transactions.run(connection, c -> {
                Timestamp now = Timestamp.valueOf(LocalDateTime.now());
                int available;
                try (PreparedStatement lock = c.prepareStatement(
                        "SELECT quantity, end_date FROM items WHERE id = ? FOR UPDATE")) {
                    lock.setInt(1, itemId);
                    try (ResultSet item = lock.executeQuery()) {
                        if (!item.next()) {
                            throw ErrorReply.notFound("This item does not exist!");
                        }
                        available = item.getInt("quantity");
                    }
                }
                int left = available - qty;
                if (left < 0) {
                    throw ErrorReply.conflict("Only " + available + " of this item are left.");
                }
                String update = left == 0
                        ? "UPDATE items SET quantity = ?, end_date = ? WHERE id = ?"
                        : "UPDATE items SET quantity = ? WHERE id = ?";
                try (PreparedStatement statement = c.prepareStatement(update)) {
                    int i = 1;
                    statement.setInt(i++, left);
                    if (left == 0) {
                        statement.setTimestamp(i++, now);
                    }
                    statement.setInt(i, itemId);
                    statement.executeUpdate();
                }
                try (PreparedStatement statement = c.prepareStatement(
                        "INSERT INTO buy_now (buyer_id, item_id, qty, date) VALUES (?, ?, ?, ?)")) {
                    statement.setInt(1, userId);
                    statement.setInt(2, itemId);
                    statement.setInt(3, qty);
                    statement.setTimestamp(4, now);
                    statement.executeUpdate();
                }
                return null;
            });
        }
        page.title("RUBiS: BuyNow result");
        page.html("<center><h2>You have successfully bought ").text(qty)
                .html(qty > 1 ? " units of this item" : " unit of this item").html(".</h2></center>\n");
    }
}
