package org.hybridconnector.rubis.web.pages;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

import org.hybridconnector.rubis.db.Transactions;
import org.hybridconnector.rubis.web.ErrorReply;
import org.hybridconnector.rubis.web.Html;
import org.hybridconnector.rubis.web.HtmlPage;
import org.hybridconnector.rubis.web.Parameters;
import org.hybridconnector.rubis.web.RubisServlet;

/** A user's public profile and the comments others left about them: {@code ?userId=}. */
public final class ViewUserInfo extends RubisServlet {

    @Override
    protected String interaction() {
        return "ViewUserInfo";
    }

    @Override
    protected void respond(Parameters parameters, HtmlPage page) throws SQLException {
        int userId = parameters.requiredInt("userId");
        try (Connection connection = connect()) {
            try (PreparedStatement statement = connection.prepareStatement("SELECT * FROM users WHERE id = ?")) {
                statement.setInt(1, userId);
                try (ResultSet user = statement.executeQuery()) {
                    if (!user.next()) {
                        throw ErrorReply.notFound("This user does not exist!");
                    }
                    String nickname = user.getString("nickname");
                    page.title("RUBiS: View user information");
                    page.html("<h2>Information about ").text(nickname).html("<br></h2>\n")
                            .html("Real life name : ").text(user.getString("firstname")).html(" ")
                            .text(user.getString("lastname")).html("<br>\n")
                            .html("Email address  : ").text(user.getString("email")).html("<br>\n")
                            .html("User since     : ")
                            .text(Html.date(user.getTimestamp("creation_date").toLocalDateTime())).html("<br>\n")
                            .html("Current rating : <b>").text(user.getInt("rating")).html("</b><br>\n");
                }
            }
            Transactions.run(connection, c -> {
                UserComments.render(c, page, userId, "Comments about this user");
                return null;
            });
        }
    }
}
