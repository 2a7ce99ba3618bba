package org.hybridconnector.e2e.probe;

import java.io.IOException;

import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Servlets that misbehave after an error, by {@code mode}:
 * <ul>
 * <li>{@code write-after-error}: {@code sendError(503)}, then writes to the response anyway;</li>
 * <li>{@code throw-after-commit}: declares {@code Content-Length: 100000}, writes and flushes half
 * of it, then throws: the response cannot be finished, so the client must see it cut short and the
 * connection closed, never another response glued to it.</li>
 * </ul>
 */
@WebServlet("/broken")
public class BrokenResponseServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException, ServletException {
        switch (req.getParameter("mode")) {
            case "write-after-error" -> {
                resp.sendError(503, "unavailable on purpose");
                resp.getOutputStream().write("written after the error\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            }
            case "throw-after-commit" -> {
                resp.setContentType("application/octet-stream");
                resp.setContentLength(100_000);
                byte[] half = new byte[50_000];
                java.util.Arrays.fill(half, (byte) 'h');
                resp.getOutputStream().write(half);
                resp.flushBuffer();
                throw new ServletException("failing after the response was committed (expected by the test)");
            }
            default -> resp.sendError(400, "unknown mode");
        }
    }
}
