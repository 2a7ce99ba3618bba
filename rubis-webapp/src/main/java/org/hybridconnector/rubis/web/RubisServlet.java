package org.hybridconnector.rubis.web;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.hybridconnector.rubis.db.SqlFailures;

/**
 * Base of every RUBiS interaction. GET and POST are the same (the emulator always sends GET
 * with a query string, the pages' forms POST). The subclass fills a page; this class times it,
 * lays it out, and turns every failure into a page with an honest status: the subclass's
 * {@link ErrorReply}, 503 while the database is unreachable, 500 for a bug. No stack trace
 * ever reaches the client.
 */
public abstract class RubisServlet extends HttpServlet {

    private static final Logger LOG = Logger.getLogger(RubisServlet.class.getName());
    private static final String RETRY_AFTER_SECONDS = "5";

    private transient RubisDatabase database;
    private transient PageLayout layout;

    /** Fills {@code page} for this request, or throws {@link ErrorReply}. */
    protected abstract void respond(Parameters parameters, HtmlPage page) throws SQLException;

    /** The name shown in the page footer and logs: the original servlet's name. */
    protected abstract String interaction();

    @Override
    public void init() throws ServletException {
        database = (RubisDatabase) getServletContext().getAttribute(RubisStartup.DATABASE);
        layout = (PageLayout) getServletContext().getAttribute(RubisStartup.LAYOUT);
        if (database == null || layout == null) {
            throw new ServletException("RubisStartup did not run; is web.xml complete?");
        }
    }

    protected final Connection connect() throws SQLException {
        return database.connect();
    }

    @Override
    protected final void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        serve(request, response);
    }

    @Override
    protected final void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        serve(request, response);
    }

    private void serve(HttpServletRequest request, HttpServletResponse response) throws IOException {
        long start = System.nanoTime();
        request.setCharacterEncoding(StandardCharsets.UTF_8.name());
        HtmlPage page = new HtmlPage(request.getContextPath());
        int status = HttpServletResponse.SC_OK;
        try {
            respond(new Parameters(request), page);
        } catch (ErrorReply e) {
            status = e.status();
            page = errorPage(request, e.title(), e.getMessage());
        } catch (SQLException e) {
            if (SqlFailures.isTemporary(e)) {
                status = HttpServletResponse.SC_SERVICE_UNAVAILABLE;
                response.setHeader("Retry-After", RETRY_AFTER_SECONDS);
                page = errorPage(request, "Service unavailable",
                        "The auction database cannot be reached right now. Please try again in a moment.");
                LOG.log(Level.FINE, interaction() + ": database unavailable", e);
                LOG.warning(interaction() + ": database unavailable: " + e.getMessage());
            } else {
                status = HttpServletResponse.SC_INTERNAL_SERVER_ERROR;
                page = errorPage(request, "Internal error", "The request could not be processed.");
                LOG.log(Level.SEVERE, interaction() + " failed", e);
            }
        } catch (RuntimeException e) {
            status = HttpServletResponse.SC_INTERNAL_SERVER_ERROR;
            page = errorPage(request, "Internal error", "The request could not be processed.");
            LOG.log(Level.SEVERE, interaction() + " failed", e);
        }
        long elapsedMillis = (System.nanoTime() - start) / 1_000_000;
        byte[] body = layout.render(page, interaction(), elapsedMillis).getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType("text/html;charset=UTF-8");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    private static HtmlPage errorPage(HttpServletRequest request, String title, String message) {
        // "RUBiS ERROR:" in the title is what the emulator looks for to count a failed interaction.
        return new HtmlPage(request.getContextPath())
                .title("RUBiS ERROR: " + title)
                .html("<h2>").text("RUBiS ERROR: " + title).html("</h2>\n<p>").text(message).html("</p>\n");
    }
}
