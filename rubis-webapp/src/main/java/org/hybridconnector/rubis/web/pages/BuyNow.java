package org.hybridconnector.rubis.web.pages;

import java.sql.Connection;
import java.sql.SQLException;

import org.hybridconnector.rubis.db.Item;
import org.hybridconnector.rubis.db.Queries;
import org.hybridconnector.rubis.web.ErrorReply;
import org.hybridconnector.rubis.web.Html;
import org.hybridconnector.rubis.web.HtmlPage;
import org.hybridconnector.rubis.web.Parameters;
import org.hybridconnector.rubis.web.RubisServlet;

/** Confirms a buy-now purchase: {@code ?itemId=&nickname=&password=}; form posts to StoreBuyNow. */
public final class BuyNow extends RubisServlet {

    @Override
    protected String interaction() {
        return "BuyNow";
    }

    @Override
    protected void respond(Parameters parameters, HtmlPage page) throws SQLException {
        int itemId = parameters.requiredInt("itemId");
        try (Connection connection = connect()) {
            int userId = Authentication.userId(connection, parameters);
            Item item = Queries.item(connection, itemId)
                    .orElseThrow(() -> ErrorReply.notFound("This item does not exist!"));
            String seller = ItemDetails.sellerNickname(connection, item);
            page.title("RUBiS: Buy Now");
            page.html("<TABLE width=\"100%\" bgcolor=\"#CCCCFF\"><TR><TD align=\"center\" width=\"100%\">"
                            + "<FONT size=\"4\" color=\"#000000\"><B>You are ready to buy this item: ")
                    .text(item.name()).html("</B></FONT></TD></TR></TABLE><p>\n")
                    .html("<TABLE>\n<TR><TD>Quantity</TD><TD><b>").text(item.quantity()).html("</b></TD></TR>\n")
                    .html("<TR><TD>Buy now price</TD><TD><b>").price(item.buyNow()).html("</b></TD></TR>\n")
                    .html("<TR><TD>Seller</TD><TD><a href=\"").html(Links.viewUser(item.seller())).html("\">")
                    .text(seller).html("</a></TD></TR>\n")
                    .html("<TR><TD>Started</TD><TD>").text(Html.date(item.startDate())).html("</TD></TR>\n")
                    .html("<TR><TD>Ends</TD><TD>").text(Html.date(item.endDate())).html("</TD></TR>\n</TABLE>\n");
            page.html("<form action=\"").html(Links.to("StoreBuyNow")).html("\" method=POST>\n")
                    .hiddenField("userId", Integer.toString(userId))
                    .hiddenField("itemId", Integer.toString(item.id()))
                    .hiddenField("maxQty", Integer.toString(item.quantity()));
            if (item.quantity() > 1) {
                page.html("<center><table><tr><td>Quantity:</td><td><input type=text size=5 name=qty></td></tr></table></center>\n");
            } else {
                page.hiddenField("qty", "1");
            }
            page.html("<p><center><input type=submit value=\"Buy now!\"></center>\n</form>\n");
        }
    }
}
