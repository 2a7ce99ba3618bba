package org.hybridconnector.e2e.probe;

import java.io.IOException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Async servlet cases, each ending {@code ms} milliseconds after the request started, off the
 * container's threads:
 * <ul>
 * <li>{@code mode=complete}: a timer thread writes the response and calls {@code complete()};</li>
 * <li>{@code mode=dispatch}: a timer thread dispatches to {@code /echo?n=dispatched};</li>
 * <li>{@code mode=timeout}: nothing happens; the async time-out ({@code ms}) fires and the listener
 * answers;</li>
 * <li>{@code mode=error}: a timer thread dispatches to {@code /throw}, which fails; the listener's
 * {@code onError} is counted ({@code mode=errors} answers the count).</li>
 * </ul>
 */
@WebServlet(urlPatterns = "/async", asyncSupported = true)
public class AsyncServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    private static final AtomicInteger ERRORS_SEEN = new AtomicInteger();

    private transient ScheduledExecutorService timer;

    @Override
    public void init() {
        timer = Executors.newSingleThreadScheduledExecutor(r -> new Thread(r, "probe-async-timer"));
    }

    @Override
    public void destroy() {
        timer.shutdownNow();
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String mode = req.getParameter("mode");
        if ("errors".equals(mode)) {
            resp.getWriter().print(ERRORS_SEEN.get());
            return;
        }
        long ms = Long.parseLong(req.getParameter("ms"));
        AsyncContext async = req.startAsync();
        async.addListener(new Listener());
        switch (mode) {
            case "complete" -> {
                async.setTimeout(ms + 30_000);
                timer.schedule(() -> {
                    try {
                        async.getResponse().setContentType("text/plain");
                        async.getResponse().getWriter().print("async done on " + Thread.currentThread().getName());
                    } catch (IOException e) {
                        log("writing the async response failed", e);
                    }
                    async.complete();
                }, ms, TimeUnit.MILLISECONDS);
            }
            case "dispatch" -> {
                async.setTimeout(ms + 30_000);
                timer.schedule(() -> async.dispatch("/echo?n=dispatched"), ms, TimeUnit.MILLISECONDS);
            }
            case "timeout" -> async.setTimeout(ms);
            case "error" -> {
                async.setTimeout(ms + 30_000);
                timer.schedule(() -> async.dispatch("/throw"), ms, TimeUnit.MILLISECONDS);
            }
            default -> throw new IllegalArgumentException("unknown mode " + mode);
        }
    }

    private static final class Listener implements AsyncListener {
        @Override
        public void onTimeout(AsyncEvent event) throws IOException {
            event.getSuppliedResponse().setContentType("text/plain");
            event.getSuppliedResponse().getWriter().print("async timed out");
            event.getAsyncContext().complete();
        }

        @Override
        public void onError(AsyncEvent event) {
            ERRORS_SEEN.incrementAndGet();
        }

        @Override
        public void onComplete(AsyncEvent event) {
            // nothing to do
        }

        @Override
        public void onStartAsync(AsyncEvent event) {
            // nothing to do
        }
    }
}
