package org.hybridconnector.rubis.web.pages;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDateTime;

import org.hybridconnector.rubis.web.ErrorReply;
import org.hybridconnector.rubis.web.Html;
import org.hybridconnector.rubis.web.HtmlPage;
import org.hybridconnector.rubis.web.Parameters;
import org.hybridconnector.rubis.web.RubisServlet;

/**
 * A page of open auctions, soonest to close first: the heaviest and most frequent read of the
 * workload. "Next page" is printed whenever the page is not empty and "Previous page" after
 * the first, as in the original, because emulated clients choose their next page from these
 * two links.
 */
abstract class ItemSearch extends RubisServlet {

    static final int DEFAULT_ITEMS_PER_PAGE = 25;
    static final int MAX_ITEMS_PER_PAGE = 100;

    /** The SELECT of the page's rows: its parameters are the search's, then now, limit, offset. */
    protected abstract String query();

    /** Binds the search's own parameters from index 1; returns the next free index. */
    protected abstract int bindCriteria(PreparedStatement statement, Parameters parameters) throws SQLException;

    /** Query string of this search without page and nbOfItems, as used in its paging links. */
    protected abstract String criteriaQueryString(Parameters parameters);

    protected abstract String describe(Parameters parameters);

    @Override
    protected final void respond(Parameters parameters, HtmlPage page) throws SQLException {
        int pageNumber = parameters.optionalInt("page", 0);
        int perPage = parameters.optionalInt("nbOfItems", DEFAULT_ITEMS_PER_PAGE);
        if (pageNumber < 0 || perPage < 1 || perPage > MAX_ITEMS_PER_PAGE) {
            throw ErrorReply.badRequest("page must be 0 or more and nbOfItems between 1 and " + MAX_ITEMS_PER_PAGE + ".");
        }
        String what = describe(parameters);
        page.title("RUBiS: Search items " + what);
        String pageLink = Links.to(interaction()) + "?" + criteriaQueryString(parameters) + "&page=";
        try (Connection connection = connect();
                PreparedStatement statement = connection.prepareStatement(query())) {
            int next = bindCriteria(statement, parameters);
            statement.setTimestamp(next, Timestamp.valueOf(LocalDateTime.now()));
            statement.setInt(next + 1, perPage);
            statement.setLong(next + 2, (long) pageNumber * perPage);
            try (ResultSet rows = statement.executeQuery()) {
                if (!rows.next()) {
                    renderEmpty(page, what, pageNumber, pageLink, perPage);
                    return;
                }
                page.html("<h2>Items ").text(what).html("</h2><br>\n");
                page.html("<TABLE border=\"1\" summary=\"List of items\">\n<THEAD>\n")
                        .html("<TR><TH>Designation<TH>Price<TH>Bids<TH>End Date<TH>Bid Now\n<TBODY>\n");
                do {
                    int itemId = rows.getInt("id");
                    float maxBid = rows.getFloat("max_bid");
                    float initialPrice = rows.getFloat("initial_price");
                    page.html("<TR><TD><a href=\"").html(Links.viewItem(itemId)).html("\">")
                            .text(rows.getString("name")).html("</a>")
                            .html("<TD>").price(Math.max(maxBid, initialPrice))
                            .html("<TD>").text(rows.getInt("nb_of_bids"))
                            .html("<TD>").text(Html.date(rows.getTimestamp("end_date").toLocalDateTime()))
                            .html("<TD><a href=\"").html(Links.putBidAuth(itemId)).html("\">")
                            .image("bid_now.jpg", 90, 22).html("</a>\n");
                } while (rows.next());
                page.html("</TABLE>\n<p><CENTER>\n");
                if (pageNumber > 0) {
                    pagingLink(page, pageLink, pageNumber - 1, perPage, "Previous page");
                    page.html("\n&nbsp&nbsp&nbsp");
                }
                pagingLink(page, pageLink, pageNumber + 1, perPage, "Next page");
                page.html("\n</CENTER>\n");
            }
        }
    }

    private static void renderEmpty(HtmlPage page, String what, int pageNumber, String pageLink, int perPage) {
        // "Sorry" is the emulator's cue to go back; keep the word on empty results only.
        if (pageNumber == 0) {
            page.html("<h2>Sorry, but there are no items available ").text(what).html(".</h2>\n");
        } else {
            page.html("<h2>Sorry, but there are no more items available ").text(what).html(".</h2>\n<p><CENTER>\n");
            pagingLink(page, pageLink, pageNumber - 1, perPage, "Previous page");
            page.html("\n</CENTER>\n");
        }
    }

    private static void pagingLink(HtmlPage page, String pageLink, int target, int perPage, String label) {
        page.html("<a href=\"").html(pageLink).text(target).html("&nbOfItems=").text(perPage).html("\">")
                .html(label).html("</a>");
    }

    static String categoryLabel(Parameters parameters) {
        String name = parameters.text("categoryName");
        return name != null ? name : "category " + parameters.requiredInt("category");
    }
}
