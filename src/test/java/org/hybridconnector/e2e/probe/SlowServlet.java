package org.hybridconnector.e2e.probe;

import java.io.IOException;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Holds its worker for {@code ms} milliseconds, then answers with a body of {@code bytes} bytes
 * (with {@code thread}, naming the thread that served it).
 * A POST is answered the same way without reading the request body.
 */
@WebServlet("/slow")
public class SlowServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        long ms = Long.parseLong(req.getParameter("ms"));
        int bytes = req.getParameter("bytes") == null ? 0 : Integer.parseInt(req.getParameter("bytes"));
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            resp.sendError(500, "interrupted");
            return;
        }
        resp.setContentType("text/plain");
        StringBuilder body = new StringBuilder("slept " + ms + "\n");
        if (req.getParameter("thread") != null) {
            body.append("on ").append(Thread.currentThread().getName()).append('\n');
        }
        while (body.length() < bytes) {
            body.append('x');
        }
        resp.getWriter().print(body);
    }

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        doGet(req, resp);
    }
}
