package org.hybridconnector.rubis.web.pages;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

import org.hybridconnector.rubis.db.Queries;
import org.hybridconnector.rubis.web.Html;
import org.hybridconnector.rubis.web.HtmlPage;

/**
 * The comments about one user, each with its author's nickname. One look-up per comment, as
 * the original did: this per-row query is part of the workload's database cost.
 */
final class UserComments {

    private UserComments() {
    }

    static void render(Connection connection, HtmlPage page, int userId, String heading) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT * FROM comments WHERE to_user_id = ?")) {
            statement.setInt(1, userId);
            try (ResultSet comments = statement.executeQuery()) {
                if (!comments.next()) {
                    page.html("<h2>There is no comment for this user.</h2><br>\n");
                    return;
                }
                page.html("<h3>").text(heading).html("</h3>\n<DL>\n");
                do {
                    int author = comments.getInt("from_user_id");
                    String authorName = Queries.nickname(connection, author).orElse("unknown user");
                    page.html("<DT><b><BIG><a href=\"").html(Links.viewUser(author)).html("\">").text(authorName)
                            .html("</a></BIG></b> wrote the ")
                            .text(Html.date(comments.getTimestamp("date").toLocalDateTime()))
                            .html(" (rating ").text(comments.getInt("rating")).html(")<DD><i>")
                            .text(comments.getString("comment")).html("</i><p>\n");
                } while (comments.next());
                page.html("</DL>\n");
            }
        }
    }
}
