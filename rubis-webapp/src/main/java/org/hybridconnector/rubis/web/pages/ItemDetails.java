package org.hybridconnector.rubis.web.pages;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

import org.hybridconnector.rubis.db.Item;
import org.hybridconnector.rubis.db.Queries;
import org.hybridconnector.rubis.web.Html;
import org.hybridconnector.rubis.web.HtmlPage;

/** The description of one auction, shown by ViewItem and, without the action buttons, by PutBid. */
final class ItemDetails {

    private ItemDetails() {
    }

    static String sellerNickname(Connection connection, Item item) throws SQLException {
        // Rows written by the original emulator may name user 0, which does not exist.
        return Queries.nickname(connection, item.seller()).orElse("unknown user");
    }

    /**
     * The price to show. For a multi-unit auction the offered quantity goes to the highest
     * bidders, so the price is the bid at which the quantity runs out; like the original,
     * this costs a query for every multi-unit item, with or without bids.
     */
    static float price(Connection connection, Item item) throws SQLException {
        float price = item.currentPrice();
        if (item.quantity() <= 1) {
            return price;
        }
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT id, qty, bid FROM bids WHERE item_id = ? ORDER BY bid DESC LIMIT ?")) {
            statement.setInt(1, item.id());
            statement.setInt(2, item.quantity());
            try (ResultSet bids = statement.executeQuery()) {
                int units = 0;
                while (bids.next()) {
                    units += bids.getInt("qty");
                    if (units >= item.quantity()) {
                        return bids.getFloat("bid");
                    }
                }
            }
        }
        return price;
    }

    static void render(HtmlPage page, Item item, String sellerNickname, float price, int bidCount,
            boolean withActions) {
        page.html("<TABLE width=\"100%\" bgcolor=\"#CCCCFF\"><TR><TD align=\"center\" width=\"100%\">"
                        + "<FONT size=\"4\" color=\"#000000\"><B>")
                .text(item.name()).html("</B></FONT></TD></TR></TABLE><p>\n");
        page.html("<TABLE>\n<TR><TD>Currently</TD><TD><b>").price(price).html("</b>");
        if (item.reservePrice() > 0) {
            page.html(price >= item.reservePrice() ? " (The reserve price has been met)"
                    : " (The reserve price has NOT been met)");
        }
        page.html("</TD></TR>\n<TR><TD>Quantity</TD><TD><b>").text(item.quantity()).html("</b></TD></TR>\n")
                .html("<TR><TD>First bid</TD><TD><b>").price(item.initialPrice()).html("</b></TD></TR>\n")
                .html("<TR><TD># of bids</TD><TD><b>").text(bidCount).html("</b> (<a href=\"")
                .html(Links.viewBidHistory(item.id())).html("\">bid history</a>)</TD></TR>\n")
                .html("<TR><TD>Seller</TD><TD><a href=\"").html(Links.viewUser(item.seller())).html("\">")
                .text(sellerNickname).html("</a> (<a href=\"").html(Links.putCommentAuth(item.seller(), item.id()))
                .html("\">Leave a comment on this user</a>)</TD></TR>\n")
                .html("<TR><TD>Started</TD><TD>").text(Html.date(item.startDate())).html("</TD></TR>\n")
                .html("<TR><TD>Ends</TD><TD>").text(Html.date(item.endDate())).html("</TD></TR>\n</TABLE>\n");
        if (withActions) {
            if (item.buyNow() > 0) {
                page.html("<p><a href=\"").html(Links.buyNowAuth(item.id())).html("\">")
                        .image("buy_it_now.jpg", 150, 22)
                        .html("</a> <b>You can buy this item right now for only $").price(item.buyNow())
                        .html("</b></p>\n");
            }
            page.html("<p><a href=\"").html(Links.putBidAuth(item.id())).html("\">")
                    .image("bid_now.jpg", 90, 22).html("</a></p>\n");
        }
        page.html("<TABLE width=\"100%\" bgcolor=\"#CCCCFF\"><TR><TD align=\"center\" width=\"100%\">"
                        + "<FONT size=\"4\" color=\"#000000\"><B>Item description</B></FONT></TD></TR></TABLE><p>\n")
                .text(item.description()).html("<br><p>\n");
    }
}
