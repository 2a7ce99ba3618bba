package org.hybridconnector.e2e.probe;

import java.io.IOException;

import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Upgrades a request carrying {@code Upgrade: echo} to the {@link AsyncEchoHandler} protocol;
 * {@code timeout} and {@code writeTimeout} (milliseconds) bound each wait for a frame's payload and
 * each echo write; {@code id} names the connection for {@code ?await=<id>&echo=<n>}, which answers
 * with the state echo write {@code n} of that connection returned, and for
 * {@code ?await=<id>&failure}, which answers with the first failure its operations reported.
 */
@WebServlet(urlPatterns = "/upgrade-echo")
public class AsyncUpgradeServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException, ServletException {
        String await = req.getParameter("await");
        if (await != null) {
            // Another connection's echo write or failure: what it returned or reported, once it has.
            resp.setContentType("text/plain");
            try {
                resp.getWriter().print(req.getParameter("failure") != null ?
                        AsyncEchoHandler.failure(await, 20_000) :
                        AsyncEchoHandler.echoWriteState(await, Integer.parseInt(req.getParameter("echo")), 20_000));
            } catch (Exception e) {
                resp.getWriter().print("no answer: " + e);
            }
            return;
        }
        if (!"echo".equalsIgnoreCase(req.getHeader("Upgrade"))) {
            resp.sendError(HttpServletResponse.SC_BAD_REQUEST, "Upgrade: echo expected");
            return;
        }
        resp.setHeader("Upgrade", "echo");
        resp.setHeader("Connection", "Upgrade");
        AsyncEchoHandler handler = req.upgrade(AsyncEchoHandler.class);
        handler.id(req.getParameter("id"));
        String writeTimeout = req.getParameter("writeTimeout");
        if (writeTimeout != null) {
            handler.writeTimeout(Long.parseLong(writeTimeout));
        }
        String timeout = req.getParameter("timeout");
        if (timeout != null) {
            handler.payloadTimeout(Long.parseLong(timeout));
        }
    }
}
