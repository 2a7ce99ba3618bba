package org.hybridconnector.e2e.probe;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * A servlet that never returns, as far as its client can tell: it holds its worker until a
 * request with {@code release} lets it go (or two minutes pass, so that a failed test cannot keep
 * Tomcat from stopping). {@code hangs} answers how many requests hang now.
 */
@WebServlet("/hang")
public class HangServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    private static final AtomicReference<CountDownLatch> RELEASE = new AtomicReference<>(new CountDownLatch(1));
    private static final java.util.concurrent.atomic.AtomicInteger HANGING = new java.util.concurrent.atomic.AtomicInteger();

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        resp.setContentType("text/plain");
        if (req.getParameter("release") != null) {
            RELEASE.getAndSet(new CountDownLatch(1)).countDown();
            resp.getWriter().print("released\n");
            return;
        }
        if (req.getParameter("hangs") != null) {
            resp.getWriter().print(HANGING.get());
            return;
        }
        HANGING.incrementAndGet();
        try {
            boolean released = RELEASE.get().await(2, TimeUnit.MINUTES);
            resp.getWriter().print(released ? "released\n" : "gave up\n");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            resp.sendError(500, "interrupted");
        } finally {
            HANGING.decrementAndGet();
        }
    }
}
