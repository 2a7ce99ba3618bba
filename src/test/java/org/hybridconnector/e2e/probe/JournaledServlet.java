package org.hybridconnector.e2e.probe;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Keeps a journal of the requests it serves in {@code $CATALINA_BASE/temp/journal.log} (the JVM's
 * temporary directory): {@code start ID} when a worker starts request {@code id}, {@code end ID}
 * once its whole body is written, after {@code ms} milliseconds. A test reads the journal after
 * Tomcat has exited, when the access log cannot be trusted (the host's valves stop before the
 * connector has let its last requests finish).
 */
@WebServlet("/journaled")
public class JournaledServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    private static final Object LOCK = new Object();

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String id = req.getParameter("id");
        journal("start " + id);
        try {
            Thread.sleep(Long.parseLong(req.getParameter("ms")));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        StringBuilder body = new StringBuilder("id=" + id + "\n");
        while (body.length() < 6000) {
            body.append('j');
        }
        resp.setContentType("text/plain");
        // Framed by its length, so that the flush below does not switch the response to chunked.
        resp.setContentLength(body.length());
        resp.getWriter().print(body);
        resp.flushBuffer();
        journal("end " + id);
    }

    private static void journal(String line) throws IOException {
        synchronized (LOCK) {
            Files.writeString(Path.of(System.getProperty("java.io.tmpdir"), "journal.log"), line + "\n",
                    StandardCharsets.US_ASCII, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        }
    }
}
