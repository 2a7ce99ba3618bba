package org.hybridconnector.rubis.web;

import jakarta.servlet.http.HttpServletResponse;

/**
 * Ends an interaction with an error page instead of its normal page: bad or missing
 * parameters, unknown ids, failed authentication. The page keeps the original's
 * "RUBiS ERROR:" title, which emulated clients recognise, and carries an honest status code.
 */
public final class ErrorReply extends RuntimeException {

    private final int status;
    private final String title;

    private ErrorReply(int status, String title, String message) {
        super(message, null, false, false);
        this.status = status;
        this.title = title;
    }

    public static ErrorReply badRequest(String message) {
        return new ErrorReply(HttpServletResponse.SC_BAD_REQUEST, "Bad request", message);
    }

    public static ErrorReply notFound(String message) {
        return new ErrorReply(HttpServletResponse.SC_NOT_FOUND, "Not found", message);
    }

    public static ErrorReply authenticationFailed(String nickname) {
        return new ErrorReply(HttpServletResponse.SC_FORBIDDEN, "Authentication failed",
                "You don't have an account on RUBiS with nickname '" + nickname
                        + "' and this password! You have to register first.");
    }

    public static ErrorReply conflict(String message) {
        return new ErrorReply(HttpServletResponse.SC_CONFLICT, "Conflict", message);
    }

    public int status() {
        return status;
    }

    public String title() {
        return title;
    }
}
