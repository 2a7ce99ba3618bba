package org.hybridconnector.e2e.probe;

import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Servlet non-blocking I/O: a POST body is read with a {@link ReadListener} (answered with its
 * length and SHA-256); a GET writes {@code size} bytes with a {@link WriteListener}. Neither holds a
 * container thread while the client is slow.
 */
@WebServlet(urlPatterns = "/nio", asyncSupported = true)
public class NonBlockingServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        AsyncContext async = req.startAsync();
        async.setTimeout(60_000);
        ServletInputStream in = req.getInputStream();
        in.setReadListener(new ReadListener() {
            private final MessageDigest sha = sha256();
            private final byte[] buffer = new byte[4096];
            private long length;

            @Override
            public void onDataAvailable() throws IOException {
                while (in.isReady()) {
                    int n = in.read(buffer);
                    if (n < 0) {
                        return;
                    }
                    sha.update(buffer, 0, n);
                    length += n;
                }
            }

            @Override
            public void onAllDataRead() throws IOException {
                resp.setContentType("text/plain");
                resp.getWriter().print("length=" + length + " sha256=" + HexFormat.of().formatHex(sha.digest()));
                async.complete();
            }

            @Override
            public void onError(Throwable t) {
                log("non-blocking read failed", t);
                async.complete();
            }
        });
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        long size = Long.parseLong(req.getParameter("size"));
        AsyncContext async = req.startAsync();
        // timeout=0: none, so that only the connector's write time-out can end a write the client never takes.
        async.setTimeout(req.getParameter("timeout") == null ? 60_000 : Long.parseLong(req.getParameter("timeout")));
        resp.setContentType("application/octet-stream");
        resp.setContentLengthLong(size);
        ServletOutputStream out = resp.getOutputStream();
        out.setWriteListener(new WriteListener() {
            private final byte[] chunk = new byte[16384];
            private long left = size;

            @Override
            public void onWritePossible() throws IOException {
                while (left > 0 && out.isReady()) {
                    int n = (int) Math.min(left, chunk.length);
                    for (int i = 0; i < n; i++) {
                        chunk[i] = (byte) ((size - left + i) % 251);
                    }
                    out.write(chunk, 0, n);
                    left -= n;
                }
                if (left == 0 && out.isReady()) {
                    async.complete();
                }
            }

            @Override
            public void onError(Throwable t) {
                log("non-blocking write failed", t);
                async.complete();
            }
        });
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
