package org.hybridconnector.e2e.probe;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * A resource a shared cache may keep for a minute ({@code Cache-Control: max-age=60}), which says
 * how often the servlet itself has produced it: {@code /cacheable/<name>} answers
 * {@code <name> version=<v> served=<n>}, where {@code n} counts the GETs that reached the servlet
 * and {@code v} the POSTs to the same name; {@code maxAge} sets another lifetime in seconds, and
 * {@code fixed} makes the body only the name, the same from any server, and {@code port} the
 * name and the port the request was addressed to ({@code getServerPort()}); {@code short}
 * declares eight bytes more than it writes, as a careless servlet might. A POST with a
 * {@code Probe-Async} field is served asynchronously, the change made on another thread. A GET
 * and a POST of one name that both carry {@code Probe-Hold} meet: the GET reads the version, the
 * POST's change begins, the GET's page is sent, and only then does the POST change the version
 * (each waits at most ten seconds for the other). With
 * {@code private}, the response says so; with
 * {@code cookie}, it sets one. {@code /cacheable-runs/<name>} (not cacheable) tells how many GETs
 * of that name reached the servlet, so a test can see which requests the cache answered.
 */
@WebServlet(urlPatterns = { "/cacheable/*", "/cacheable-runs/*" }, asyncSupported = true)
public class CacheableServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    private static final ConcurrentHashMap<String,AtomicInteger> SERVED = new ConcurrentHashMap<>();
    private static final ConcurrentHashMap<String,AtomicInteger> VERSIONS = new ConcurrentHashMap<>();
    /** Per name: the held GET has read the version, the POST has begun, the GET's page was sent. */
    private static final ConcurrentHashMap<String,CountDownLatch[]> HOLDS = new ConcurrentHashMap<>();

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String name = String.valueOf(req.getPathInfo());
        resp.setContentType("text/plain");
        if (req.getServletPath().equals("/cacheable-runs")) {
            resp.setHeader("Cache-Control", "no-store");
            resp.getWriter().print(counter(SERVED, name).get());
            return;
        }
        int served = counter(SERVED, name).incrementAndGet();
        String maxAge = "max-age=" + (req.getParameter("maxAge") == null ? "60" : req.getParameter("maxAge"));
        resp.setHeader("Cache-Control", req.getParameter("private") != null ? "private, " + maxAge : maxAge);
        if (req.getParameter("cookie") != null) {
            resp.addHeader("Set-Cookie", "chosen=" + served);
        }
        String text = req.getParameter("fixed") != null ? name + "\n"
                : req.getParameter("port") != null ? name + " port=" + req.getServerPort() + "\n"
                : name + " version=" + counter(VERSIONS, name).get() + " served=" + served + "\n";
        byte[] body = text.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        CountDownLatch[] hold = req.getHeader("Probe-Hold") == null ? null : hold(name);
        if (hold != null) {
            hold[0].countDown();
            await(hold[1]);
        }
        resp.setContentLength(req.getParameter("short") != null ? body.length + 8 : body.length);
        resp.getOutputStream().write(body);
        if (hold != null) {
            resp.flushBuffer();
            hold[2].countDown();
        }
    }

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        if (req.getHeader("Probe-Hold") != null) {
            CountDownLatch[] hold = hold(String.valueOf(req.getPathInfo()));
            await(hold[0]);
            hold[1].countDown();
            await(hold[2]);
        }
        if (req.getHeader("Probe-Async") == null) {
            change(req, resp);
            return;
        }
        AsyncContext async = req.startAsync();
        async.start(() -> {
            try {
                change(req, resp);
            } catch (IOException e) {
                resp.setStatus(HttpServletResponse.SC_INTERNAL_SERVER_ERROR);
            } finally {
                async.complete();
            }
        });
    }

    private static void change(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        int version = counter(VERSIONS, String.valueOf(req.getPathInfo())).incrementAndGet();
        resp.setContentType("text/plain");
        resp.getWriter().print("version=" + version + "\n");
    }

    private static CountDownLatch[] hold(String name) {
        return HOLDS.computeIfAbsent(name,
                n -> new CountDownLatch[] { new CountDownLatch(1), new CountDownLatch(1), new CountDownLatch(1) });
    }

    private static void await(CountDownLatch latch) throws IOException {
        try {
            if (!latch.await(10, TimeUnit.SECONDS)) {
                throw new IOException("the other request of the hold did not come");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException();
        }
    }

    private static AtomicInteger counter(ConcurrentHashMap<String,AtomicInteger> counters, String name) {
        return counters.computeIfAbsent(name, n -> new AtomicInteger());
    }
}
