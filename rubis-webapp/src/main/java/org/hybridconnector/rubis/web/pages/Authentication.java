package org.hybridconnector.rubis.web.pages;

import java.sql.Connection;
import java.sql.SQLException;

import org.hybridconnector.rubis.db.Queries;
import org.hybridconnector.rubis.web.ErrorReply;
import org.hybridconnector.rubis.web.Parameters;

/**
 * RUBiS has no sessions: every authenticated request carries nickname and password, checked
 * against the users table each time.
 */
final class Authentication {

    private Authentication() {
    }

    /** The authenticated user's id; a 403 page when the pair does not match a user. */
    static int userId(Connection connection, Parameters parameters) throws SQLException {
        String nickname = parameters.requiredText("nickname");
        String password = parameters.requiredText("password");
        return Queries.authenticate(connection, nickname, password)
                .orElseThrow(() -> ErrorReply.authenticationFailed(nickname));
    }
}
