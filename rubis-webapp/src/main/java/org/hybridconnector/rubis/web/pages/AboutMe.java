package org.hybridconnector.rubis.web.pages;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

import org.hybridconnector.rubis.db.Item;
import org.hybridconnector.rubis.db.Queries;
import org.hybridconnector.rubis.db.Transactions;
import org.hybridconnector.rubis.web.ErrorReply;
import org.hybridconnector.rubis.web.Html;
import org.hybridconnector.rubis.web.HtmlPage;
import org.hybridconnector.rubis.web.Parameters;
import org.hybridconnector.rubis.web.RubisServlet;

/**
 * A user's own summary: {@code ?nickname=&password=}. Six lists, each with the original's
 * queries and per-row look-ups: open auctions bid on, open auctions selling, items sold and
 * won in the last 30 days, buy-now purchases in the last 30 days, and comments received.
 * The "last 30 days" conditions also admit auctions still open, as the original's did.
 */
public final class AboutMe extends RubisServlet {

    private static final int RECENT_DAYS = 30;

    @Override
    protected String interaction() {
        return "AboutMe";
    }

    @Override
    protected void respond(Parameters parameters, HtmlPage page) throws SQLException {
        String nickname = parameters.requiredText("nickname");
        String password = parameters.requiredText("password");
        LocalDateTime now = LocalDateTime.now();
        Timestamp open = Timestamp.valueOf(now);
        Timestamp recent = Timestamp.valueOf(now.minusDays(RECENT_DAYS));
        try (Connection connection = connect()) {
            int userId = Authentication.userId(connection, parameters);
            page.title("RUBiS: About me");
            profile(connection, page, userId);
            bids(connection, page, userId, open, nickname, password);
            selling(connection, page, "Items you are currently selling", "You are currently selling no item.",
                    "SELECT * FROM items WHERE seller = ? AND end_date >= ?", userId, open);
            selling(connection, page, "Items you sold in the past 30 days", "You did not sell any item in the last 30 days.",
                    "SELECT * FROM items WHERE seller = ? AND end_date >= ?", userId, recent);
            won(connection, page, userId, recent);
            boughtNow(connection, page, userId, recent);
            Transactions.run(connection, c -> {
                UserComments.render(c, page, userId, "Comments about you");
                return null;
            });
        }
    }

    private static void profile(Connection connection, HtmlPage page, int userId) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("SELECT * FROM users WHERE id = ?")) {
            statement.setInt(1, userId);
            try (ResultSet user = statement.executeQuery()) {
                if (!user.next()) {
                    throw ErrorReply.notFound("This user does not exist!");
                }
                page.html("<h2>Information about ").text(user.getString("nickname")).html("<br></h2>\n")
                        .html("Real life name : ").text(user.getString("firstname")).html(" ")
                        .text(user.getString("lastname")).html("<br>\n")
                        .html("Email address  : ").text(user.getString("email")).html("<br>\n")
                        .html("User since     : ")
                        .text(Html.date(user.getTimestamp("creation_date").toLocalDateTime())).html("<br>\n")
                        .html("Current rating : <b>").text(user.getInt("rating")).html("</b><br>\n");
            }
        }
    }

    /** The user's highest bid and maximum per item, for the items matching the end-date bound. */
    private record BidSummary(int itemId, float bid, float maxBid) {
    }

    private static List<BidSummary> bidSummaries(Connection connection, int userId, Timestamp endsAfter)
            throws SQLException {
        List<BidSummary> result = new ArrayList<>();
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT bids.item_id, MAX(bids.bid) AS bid, MAX(bids.max_bid) AS max_bid FROM bids, items"
                        + " WHERE bids.user_id = ? AND bids.item_id = items.id AND items.end_date >= ?"
                        + " GROUP BY bids.item_id")) {
            statement.setInt(1, userId);
            statement.setTimestamp(2, endsAfter);
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    result.add(new BidSummary(rows.getInt("item_id"), rows.getFloat("bid"), rows.getFloat("max_bid")));
                }
            }
        }
        return result;
    }

    private static void bids(Connection connection, HtmlPage page, int userId, Timestamp open,
            String nickname, String password) throws SQLException {
        List<BidSummary> bids = bidSummaries(connection, userId, open);
        if (bids.isEmpty()) {
            page.html("<h3>You did not bid on any item.</h3>\n");
            return;
        }
        page.html("<h3>Items you have bid on</h3>\n<TABLE border=\"1\" summary=\"Items you've bid on\">\n")
                .html("<THEAD><TR><TH>Designation<TH>Initial Price<TH>Current price<TH>Your max bid<TH>Quantity")
                .html("<TH>Start Date<TH>End Date<TH>Seller<TH>Put a new bid\n<TBODY>\n");
        for (BidSummary bid : bids) {
            Item item = Queries.item(connection, bid.itemId()).orElse(null);
            if (item == null) {
                continue;
            }
            String seller = ItemDetails.sellerNickname(connection, item);
            page.html("<TR><TD><a href=\"").html(Links.viewItem(item.id())).html("\">").text(item.name()).html("</a>")
                    .html("<TD>").price(item.initialPrice()).html("<TD>").price(item.currentPrice())
                    .html("<TD>").price(bid.maxBid()).html("<TD>").text(item.quantity())
                    .html("<TD>").text(Html.date(item.startDate())).html("<TD>").text(Html.date(item.endDate()))
                    .html("<TD><a href=\"").html(Links.viewUser(item.seller())).html("\">").text(seller).html("</a>")
                    .html("<TD><a href=\"").html(Links.to("PutBid")).html("?itemId=").text(item.id())
                    .html("&nickname=").html(Links.encoded(nickname)).html("&password=").html(Links.encoded(password))
                    .html("\">").image("bid_now.jpg", 90, 22).html("</a>\n");
        }
        page.html("</TABLE>\n");
    }

    private static void selling(Connection connection, HtmlPage page, String heading, String none, String sql,
            int userId, Timestamp endsAfter) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setInt(1, userId);
            statement.setTimestamp(2, endsAfter);
            try (ResultSet rows = statement.executeQuery()) {
                if (!rows.next()) {
                    page.html("<h3>").text(none).html("</h3>\n");
                    return;
                }
                page.html("<h3>").text(heading).html("</h3>\n<TABLE border=\"1\" summary=\"").text(heading).html("\">\n")
                        .html("<THEAD><TR><TH>Designation<TH>Initial Price<TH>Current price<TH>Quantity")
                        .html("<TH>ReservePrice<TH>Buy Now<TH>Start Date<TH>End Date\n<TBODY>\n");
                do {
                    Item item = Item.from(rows);
                    page.html("<TR><TD><a href=\"").html(Links.viewItem(item.id())).html("\">").text(item.name())
                            .html("</a><TD>").price(item.initialPrice()).html("<TD>").price(item.currentPrice())
                            .html("<TD>").text(item.quantity()).html("<TD>").price(item.reservePrice())
                            .html("<TD>").price(item.buyNow()).html("<TD>").text(Html.date(item.startDate()))
                            .html("<TD>").text(Html.date(item.endDate())).html("\n");
                } while (rows.next());
                page.html("</TABLE>\n");
            }
        }
    }

    private static void won(Connection connection, HtmlPage page, int userId, Timestamp recent) throws SQLException {
        List<BidSummary> won = bidSummaries(connection, userId, recent);
        if (won.isEmpty()) {
            page.html("<h3>You did not win any item in the last 30 days.</h3>\n");
            return;
        }
        page.html("<h3>Items you won in the past 30 days</h3>\n<TABLE border=\"1\" summary=\"List of items\">\n")
                .html("<THEAD><TR><TH>Designation<TH>Price you bought it<TH>Seller\n<TBODY>\n");
        for (BidSummary bid : won) {
            Item item = Queries.item(connection, bid.itemId()).orElse(null);
            if (item == null) {
                continue;
            }
            String seller = ItemDetails.sellerNickname(connection, item);
            page.html("<TR><TD><a href=\"").html(Links.viewItem(item.id())).html("\">").text(item.name()).html("</a>")
                    .html("<TD>").price(item.currentPrice())
                    .html("<TD><a href=\"").html(Links.viewUser(item.seller())).html("\">").text(seller).html("</a>\n");
        }
        page.html("</TABLE>\n");
    }

    private static void boughtNow(Connection connection, HtmlPage page, int userId, Timestamp recent)
            throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT * FROM buy_now WHERE buyer_id = ? AND date >= ?")) {
            statement.setInt(1, userId);
            statement.setTimestamp(2, recent);
            try (ResultSet rows = statement.executeQuery()) {
                if (!rows.next()) {
                    page.html("<h3>You did not buy any item in the last 30 days.</h3>\n");
                    return;
                }
                page.html("<h3>Items you bought in the past 30 days</h3>\n<TABLE border=\"1\" summary=\"List of items\">\n")
                        .html("<THEAD><TR><TH>Designation<TH>Quantity<TH>Price you bought it<TH>Seller\n<TBODY>\n");
                do {
                    int qty = rows.getInt("qty");
                    Item item = Queries.item(connection, rows.getInt("item_id")).orElse(null);
                    if (item == null) {
                        continue;
                    }
                    String seller = ItemDetails.sellerNickname(connection, item);
                    page.html("<TR><TD><a href=\"").html(Links.viewItem(item.id())).html("\">").text(item.name())
                            .html("</a><TD>").text(qty).html("<TD>").price(item.buyNow())
                            .html("<TD><a href=\"").html(Links.viewUser(item.seller())).html("\">").text(seller)
                            .html("</a>\n");
                } while (rows.next());
                page.html("</TABLE>\n");
            }
        }
    }
}
