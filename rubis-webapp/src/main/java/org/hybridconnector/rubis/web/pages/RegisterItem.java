package org.hybridconnector.rubis.web.pages;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;

import org.hybridconnector.rubis.db.Transactions;
import org.hybridconnector.rubis.web.ErrorReply;
import org.hybridconnector.rubis.web.Html;
import org.hybridconnector.rubis.web.HtmlPage;
import org.hybridconnector.rubis.web.Parameters;
import org.hybridconnector.rubis.web.RubisServlet;

/**
 * Puts a new item up for sale:
 * {@code ?name=&description=&initialPrice=&reservePrice=&buyNow=&duration=&quantity=&userId=&categoryId=}.
 *
 * <p>The new id is read back with a SELECT on the unindexed name column, as the original did:
 * that table scan is a deliberate part of the workload's cost, growing with the items table.
 * MAX(id) picks our own row if another item happens to carry the same name.
 */
public final class RegisterItem extends RubisServlet {

    private static final int MAX_DURATION_DAYS = 365;

    @Override
    protected String interaction() {
        return "RegisterItem";
    }

    @Override
    protected void respond(Parameters parameters, HtmlPage page) throws SQLException {
        String name = parameters.requiredText("name", 100);
        String description = parameters.text("description");
        if (description == null) {
            description = "No description.";
        }
        if (description.length() > 65535) {
            throw ErrorReply.badRequest("The description is too long.");
        }
        float initialPrice = parameters.requiredPrice("initialPrice");
        float reservePrice = parameters.optionalPrice("reservePrice", 0);
        float buyNow = parameters.optionalPrice("buyNow", 0);
        int duration = parameters.requiredInt("duration");
        int quantity = parameters.requiredInt("quantity");
        int userId = parameters.requiredInt("userId");
        int categoryId = parameters.requiredInt("categoryId");
        if (duration < 1 || duration > MAX_DURATION_DAYS || quantity < 1) {
            throw ErrorReply.badRequest("The duration must be 1 to " + MAX_DURATION_DAYS
                    + " days and the quantity at least 1.");
        }
        LocalDateTime start = LocalDateTime.now().truncatedTo(ChronoUnit.SECONDS);
        LocalDateTime end = start.plusDays(duration);
        String storedDescription = description;
        int itemId;
        try (Connection connection = connect()) {
            itemId = Transactions.run(connection, c -> {
                try (PreparedStatement insert = c.prepareStatement("INSERT INTO items (name, description,"
                        + " initial_price, quantity, reserve_price, buy_now, nb_of_bids, max_bid, start_date,"
                        + " end_date, seller, category) VALUES (?, ?, ?, ?, ?, ?, 0, 0, ?, ?, ?, ?)")) {
                    insert.setString(1, name);
                    insert.setString(2, storedDescription);
                    insert.setFloat(3, initialPrice);
                    insert.setInt(4, quantity);
                    insert.setFloat(5, reservePrice);
                    insert.setFloat(6, buyNow);
                    insert.setTimestamp(7, Timestamp.valueOf(start));
                    insert.setTimestamp(8, Timestamp.valueOf(end));
                    insert.setInt(9, userId);
                    insert.setInt(10, categoryId);
                    insert.executeUpdate();
                }
                try (PreparedStatement select = c.prepareStatement("SELECT MAX(id) FROM items WHERE name = ?")) {
                    select.setString(1, name);
                    try (ResultSet row = select.executeQuery()) {
                        row.next();
                        return row.getInt(1);
                    }
                }
            });
        }
        page.title("RUBiS: Selling " + name);
        page.html("<center><h2>Your Item has been successfully registered.</h2></center><br>\n")
                .html("<b>RUBiS has stored the following information about your item:</b><br><p>\n<TABLE>\n")
                .html("<TR><TD>Name<TD>").text(name).html("\n")
                .html("<TR><TD>Description<TD>").text(storedDescription).html("\n")
                .html("<TR><TD>Initial price<TD>").price(initialPrice).html("\n")
                .html("<TR><TD>ReservePrice<TD>").price(reservePrice).html("\n")
                .html("<TR><TD>Buy Now<TD>").price(buyNow).html("\n")
                .html("<TR><TD>Quantity<TD>").text(quantity).html("\n")
                .html("<TR><TD>User id<TD>").text(userId).html("\n")
                .html("<TR><TD>Category id<TD>").text(categoryId).html("\n")
                .html("<TR><TD>Duration<TD>").text(duration).html("\n")
                .html("<TR><TD>Start date<TD>").text(Html.date(start)).html("\n")
                .html("<TR><TD>End date<TD>").text(Html.date(end)).html("\n")
                .html("</TABLE>\n<p>Your item id is <a href=\"").html(Links.viewItem(itemId)).html("\">")
                .text(itemId).html("</a>\n");
    }
}
