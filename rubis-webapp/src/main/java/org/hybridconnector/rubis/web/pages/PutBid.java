package org.hybridconnector.rubis.web.pages;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

import org.hybridconnector.rubis.db.Item;
import org.hybridconnector.rubis.db.Queries;
import org.hybridconnector.rubis.web.ErrorReply;
import org.hybridconnector.rubis.web.Html;
import org.hybridconnector.rubis.web.HtmlPage;
import org.hybridconnector.rubis.web.Parameters;
import org.hybridconnector.rubis.web.RubisServlet;

/**
 * The bid form for one item: {@code ?itemId=&nickname=&password=}. Like the original it counts
 * and maximises the bids table itself rather than trusting the item's summary columns, and
 * offers the next bid from one above the highest bid (or from the first-bid price).
 */
public final class PutBid extends RubisServlet {

    @Override
    protected String interaction() {
        return "PutBid";
    }

    @Override
    protected void respond(Parameters parameters, HtmlPage page) throws SQLException {
        int itemId = parameters.requiredInt("itemId");
        try (Connection connection = connect()) {
            int userId = Authentication.userId(connection, parameters);
            Item item = Queries.item(connection, itemId)
                    .orElseThrow(() -> ErrorReply.notFound("This item does not exist!"));
            String seller = ItemDetails.sellerNickname(connection, item);
            float highestBid = aggregate(connection, "SELECT MAX(bid) FROM bids WHERE item_id = ?", itemId);
            int bidCount = (int) aggregate(connection, "SELECT COUNT(*) FROM bids WHERE item_id = ?", itemId);
            float price = bidCount > 0 ? ItemDetails.price(connection, item) : item.initialPrice();
            float minBid = bidCount > 0 ? highestBid + 1 : item.initialPrice();

            page.title("RUBiS: Bidding on " + item.name());
            ItemDetails.render(page, item, seller, price, bidCount, false);
            page.html("<form action=\"").html(Links.to("StoreBid")).html("\" method=POST>\n")
                    .hiddenField("minBid", Html.price(minBid))
                    .hiddenField("userId", Integer.toString(userId))
                    .hiddenField("itemId", Integer.toString(item.id()))
                    .hiddenField("maxQty", Integer.toString(item.quantity()))
                    .html("<center><table>\n<tr><td>Your bid (minimum bid is ").price(minBid)
                    .html("):</td><td><input type=text size=10 name=bid></td></tr>\n")
                    .html("<tr><td>Your maximum bid:</td><td><input type=text size=10 name=maxBid></td></tr>\n");
            if (item.quantity() > 1) {
                page.html("<tr><td>Quantity:</td><td><input type=text size=5 name=qty></td></tr>\n");
            } else {
                page.hiddenField("qty", "1");
            }
            page.html("</table><p><input type=submit value=\"Bid now!\"></center>\n</form>\n");
        }
    }

    private static float aggregate(Connection connection, String sql, int itemId) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setInt(1, itemId);
            try (ResultSet row = statement.executeQuery()) {
                return row.next() ? row.getFloat(1) : 0;
            }
        }
    }
}
