package org.hybridconnector.rubis.web.pages;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

import org.hybridconnector.rubis.db.Queries;
import org.hybridconnector.rubis.web.ErrorReply;
import org.hybridconnector.rubis.web.Html;
import org.hybridconnector.rubis.web.HtmlPage;
import org.hybridconnector.rubis.web.Parameters;
import org.hybridconnector.rubis.web.RubisServlet;

/** All bids on one item, newest first, with each bidder's nickname: {@code ?itemId=}. */
public final class ViewBidHistory extends RubisServlet {

    @Override
    protected String interaction() {
        return "ViewBidHistory";
    }

    @Override
    protected void respond(Parameters parameters, HtmlPage page) throws SQLException {
        int itemId = parameters.requiredInt("itemId");
        try (Connection connection = connect()) {
            String itemName = Queries.itemName(connection, itemId)
                    .orElseThrow(() -> ErrorReply.notFound("This item does not exist!"));
            page.title("RUBiS: Bid history for " + itemName);
            page.html("<center><h3>Bid History for ").text(itemName).html("<br></h3></center>\n");
            try (PreparedStatement statement = connection.prepareStatement(
                    "SELECT * FROM bids WHERE item_id = ? ORDER BY date DESC")) {
                statement.setInt(1, itemId);
                try (ResultSet bids = statement.executeQuery()) {
                    if (!bids.next()) {
                        page.html("<h2>There is no bid for ").text(itemName).html(".</h2><br>\n");
                        return;
                    }
                    page.html("<TABLE border=\"1\" summary=\"List of bids\">\n<THEAD>\n")
                            .html("<TR><TH>User ID<TH>Bid amount<TH>Date of bid\n<TBODY>\n");
                    do {
                        int bidder = bids.getInt("user_id");
                        String nickname = Queries.nickname(connection, bidder).orElse("unknown user");
                        page.html("<TR><TD><a href=\"").html(Links.viewUser(bidder)).html("\">").text(nickname)
                                .html("</a><TD>").price(bids.getFloat("bid"))
                                .html("<TD>").text(Html.date(bids.getTimestamp("date").toLocalDateTime())).html("\n");
                    } while (bids.next());
                    page.html("</TABLE>\n");
                }
            }
        }
    }
}
