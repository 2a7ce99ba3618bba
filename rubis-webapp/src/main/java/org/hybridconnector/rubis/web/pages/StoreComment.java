package org.hybridconnector.rubis.web.pages;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDateTime;

import org.hybridconnector.rubis.db.Transactions;
import org.hybridconnector.rubis.web.ErrorReply;
import org.hybridconnector.rubis.web.HtmlPage;
import org.hybridconnector.rubis.web.Parameters;
import org.hybridconnector.rubis.web.RubisServlet;

/**
 * Records a comment and adds its rating to the rated user's score, in one transaction:
 * {@code ?to=&from=&itemId=&rating=&comment=}. The rated user's row is locked while its
 * rating is read and written back, so concurrent comments never lose a rating.
 */
public final class StoreComment extends RubisServlet {

    static final int MAX_COMMENT_LENGTH = 8192;

    @Override
    protected String interaction() {
        return "StoreComment";
    }

    @Override
    protected void respond(Parameters parameters, HtmlPage page) throws SQLException {
        int toUserId = parameters.requiredInt("to");
        int fromUserId = parameters.requiredInt("from");
        int itemId = parameters.requiredInt("itemId");
        int rating = parameters.requiredInt("rating");
        String comment = parameters.requiredText("comment", MAX_COMMENT_LENGTH);
        if (rating < -5 || rating > 5) {
            throw ErrorReply.badRequest("A rating is between -5 and 5, not " + rating + ".");
        }
        try (Connection connection = connect()) {
            Transactions.run(connection, c -> {
                try (PreparedStatement insert = c.prepareStatement("INSERT INTO comments"
                        + " (from_user_id, to_user_id, item_id, rating, date, comment) VALUES (?, ?, ?, ?, ?, ?)")) {
                    insert.setInt(1, fromUserId);
                    insert.setInt(2, toUserId);
                    insert.setInt(3, itemId);
                    insert.setInt(4, rating);
                    insert.setTimestamp(5, Timestamp.valueOf(LocalDateTime.now()));
                    insert.setString(6, comment);
                    insert.executeUpdate();
                }
                int current;
                try (PreparedStatement lock = c.prepareStatement("SELECT rating FROM users WHERE id = ? FOR UPDATE")) {
                    lock.setInt(1, toUserId);
                    try (ResultSet user = lock.executeQuery()) {
                        if (!user.next()) {
                            throw ErrorReply.notFound("This user does not exist!");
                        }
                        current = user.getInt("rating");
                    }
                }
                try (PreparedStatement update = c.prepareStatement("UPDATE users SET rating = ? WHERE id = ?")) {
                    update.setInt(1, current + rating);
                    update.setInt(2, toUserId);
                    update.executeUpdate();
                }
                return null;
            });
        }
        page.title("RUBiS: Comment posting");
        page.html("<center><h2>Your comment has been successfully posted.</h2></center>\n");
    }
}
