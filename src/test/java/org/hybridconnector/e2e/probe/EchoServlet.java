package org.hybridconnector.e2e.probe;

import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Reads the whole request body and answers with its length and SHA-256, and the value of the
 * {@code n} parameter, so clients can check bodies arrived intact and responses come in order.
 * With {@code size}, answers instead with a body of that many bytes (chunked when large); with
 * {@code thread}, with the name of the thread that served it; with {@code tls}, with what the
 * servlet sees of the connection's security.
 */
@WebServlet("/echo")
public class EchoServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        resp.setContentType("text/plain");
        String size = req.getParameter("size");
        if (size != null) {
            byte[] chunk = new byte[8192];
            java.util.Arrays.fill(chunk, (byte) 'y');
            long left = Long.parseLong(size);
            var out = resp.getOutputStream();
            while (left > 0) {
                int n = (int) Math.min(left, chunk.length);
                out.write(chunk, 0, n);
                left -= n;
            }
            return;
        }
        if (req.getParameter("tls") != null) {
            resp.getWriter().print("scheme=" + req.getScheme() + " secure=" + req.isSecure() + " cipher=" +
                    req.getAttribute("jakarta.servlet.request.cipher_suite") + "\n");
            return;
        }
        if (req.getParameter("thread") != null) {
            resp.getWriter().print("thread=" + Thread.currentThread().getName() + "\n");
            return;
        }
        resp.getWriter().print("n=" + req.getParameter("n") + "\n");
    }

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        long length = 0;
        byte[] buffer = new byte[8192];
        try (InputStream in = req.getInputStream()) {
            int n;
            while ((n = in.read(buffer)) != -1) {
                sha.update(buffer, 0, n);
                length += n;
            }
        }
        resp.setContentType("text/plain");
        resp.getWriter().print("n=" + req.getParameter("n") + " length=" + length + " sha256=" +
                HexFormat.of().formatHex(sha.digest()) + "\n");
    }
}
