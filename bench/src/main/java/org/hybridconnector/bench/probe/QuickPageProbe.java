package org.hybridconnector.bench.probe;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;

/**
 * A few clients that, beside httperf's sessions, each keep one connection and ask for a quick
 * page at a steady pace, timing every reply: httperf 0.9.0 reports only mean response times, and
 * the overload policies are judged by the tail a shopper in a session sees on quick pages.
 * A client whose connection is closed opens a new one, as a browser would; on a 503 it waits a
 * second before it tries again. Four clients every 250 ms add at most 16 requests a second, the
 * same for every variant. Started before the load, the clients are shoppers already inside when the
 * overload comes ({@link ProbeResult.Pages#MID_VISIT}).
 */
public final class QuickPageProbe {

    private final String host;
    private final int port;
    private final List<String> paths;
    private final long intervalMillis;
    private final int timeoutMillis;
    private final List<ProbeAttempt> attempts = new ArrayList<>();

    public QuickPageProbe(String host, int port, List<String> paths, long intervalMillis, int timeoutMillis) {
        if (paths.isEmpty()) {
            throw new IllegalArgumentException("the probe needs at least one path");
        }
        this.host = host;
        this.port = port;
        this.paths = List.copyOf(paths);
        this.intervalMillis = intervalMillis;
        this.timeoutMillis = timeoutMillis;
    }

    /** Runs {@code clients} clients for {@code seconds} seconds; {@link #timeline()} says what they saw. */
    public void run(int clients, double seconds) throws InterruptedException {
        long begin = System.nanoTime();
        long deadline = begin + (long) (seconds * 1e9);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            int first = i;
            Thread thread = new Thread(() -> client(first, begin, deadline), "probe-" + i);
            thread.start();
            threads.add(thread);
        }
        for (Thread thread : threads) {
            thread.join();
        }
    }

    /** Every attempt of the last {@link #run}, in the order they ended. */
    public List<ProbeAttempt> timeline() {
        synchronized (attempts) {
            return List.copyOf(attempts);
        }
    }

    private void client(int first, long begin, long deadline) {
        HttpExchange connection = null;
        int next = first;
        while (System.nanoTime() < deadline && !Thread.currentThread().isInterrupted()) {
            long started = System.nanoTime();
            long pause = intervalMillis;
            boolean opened = connection == null;
            try {
                if (opened) {
                    connection = new HttpExchange(host, port, timeoutMillis);
                }
                HttpExchange.Reply reply = connection.get(paths.get(next++ % paths.size()));
                boolean turnedAway = reply.status() == 503;
                record(begin, started, (System.nanoTime() - started) / 1e6,
                        turnedAway ? ProbeAttempt.Outcome.TURNED_AWAY : ProbeAttempt.Outcome.REPLY, opened);
                if (turnedAway) {
                    pause = 1000;
                }
                if (!reply.reusable()) {
                    connection = closed(connection);
                }
            } catch (SocketTimeoutException e) {
                record(begin, started, timeoutMillis, ProbeAttempt.Outcome.TIMEOUT, opened);
                connection = closed(connection);
            } catch (IOException | RuntimeException e) {
                record(begin, started, timeoutMillis, ProbeAttempt.Outcome.FAILURE, opened);
                connection = closed(connection);
                pause = Math.max(pause, 100);  // a refused connect must not spin
            }
            sleepUntil(Math.min(deadline, System.nanoTime() + pause * 1_000_000));
        }
        closed(connection);
    }

    private void record(long begin, long started, double elapsedMillis, ProbeAttempt.Outcome outcome,
            boolean opened) {
        synchronized (attempts) {
            attempts.add(new ProbeAttempt((started - begin) / 1e9, elapsedMillis, outcome, opened));
        }
    }

    private static HttpExchange closed(HttpExchange connection) {
        if (connection != null) {
            try {
                connection.close();
            } catch (IOException ignored) {
                // the connection is being dropped either way
            }
        }
        return null;
    }

    private static void sleepUntil(long nanoTime) {
        long left = nanoTime - System.nanoTime();
        if (left > 0) {
            try {
                Thread.sleep(left / 1_000_000, (int) (left % 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
