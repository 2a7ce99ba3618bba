package org.hybridconnector.rubis.web.pages;

import java.sql.Connection;
import java.sql.SQLException;

import org.hybridconnector.rubis.db.Queries;
import org.hybridconnector.rubis.web.ErrorReply;
import org.hybridconnector.rubis.web.HtmlPage;
import org.hybridconnector.rubis.web.Parameters;
import org.hybridconnector.rubis.web.RubisServlet;

/** The comment form: {@code ?to=&itemId=&nickname=&password=}; posts to StoreComment. */
public final class PutComment extends RubisServlet {

    @Override
    protected String interaction() {
        return "PutComment";
    }

    @Override
    protected void respond(Parameters parameters, HtmlPage page) throws SQLException {
        int toUserId = parameters.requiredInt("to");
        int itemId = parameters.requiredInt("itemId");
        try (Connection connection = connect()) {
            int fromUserId = Authentication.userId(connection, parameters);
            String toNickname = Queries.nickname(connection, toUserId)
                    .orElseThrow(() -> ErrorReply.notFound("This user does not exist!"));
            String itemName = Queries.itemName(connection, itemId)
                    .orElseThrow(() -> ErrorReply.notFound("This item does not exist!"));
            page.title("RUBiS: Comment service");
            page.html("<center><h2>Give feedback about your experience with ").text(toNickname)
                    .html("</h2><br>\n<h3>for item ").text(itemName).html("</h3></center>\n")
                    .html("<form action=\"").html(Links.to("StoreComment")).html("\" method=POST>\n")
                    .hiddenField("to", Integer.toString(toUserId))
                    .hiddenField("from", Integer.toString(fromUserId))
                    .hiddenField("itemId", Integer.toString(itemId))
                    .html("<center><table>\n<tr><td><b>From</b></td><td>").text(fromUserId).html("</td></tr>\n")
                    .html("<tr><td><b>To</b></td><td>").text(toNickname).html("</td></tr>\n")
                    .html("<tr><td><b>About item</b></td><td>").text(itemName).html("</td></tr>\n</table>\n")
                    .html("<p><SELECT name=rating>\n")
                    .html("<OPTION value=\"5\">Excellent</OPTION>\n")
                    .html("<OPTION value=\"3\">Average</OPTION>\n")
                    .html("<OPTION selected value=\"0\">Neutral</OPTION>\n")
                    .html("<OPTION value=\"-3\">Below average</OPTION>\n")
                    .html("<OPTION value=\"-5\">Bad</OPTION>\n</SELECT>\n")
                    .html("<p><TEXTAREA rows=\"20\" cols=\"80\" name=\"comment\">Write your comment here</TEXTAREA>\n")
                    .html("<p><input type=submit value=\"Post this comment now!\"></center>\n</form>\n");
        }
    }
}
