package org.hybridconnector.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * With ten workers, 1,000 clients trickling request heads (one byte every 250 ms, never complete)
 * and 1,000 idle keep-alive connections do not delay well-behaved clients, and every trickler is
 * closed at {@code connectionTimeout} (3 s) counted from its first byte.
 * <p>
 * Latency: a well-behaved request opens a new connection (so it passes the acceptor and admission
 * control too), sends a GET and reads the answer. Its median over {@value #SAMPLES} requests while
 * the crowd runs must stay within twice the median without the crowd. The unloaded median is
 * measured before the crowd arrives and again after it is gone, and the larger of the two is the
 * reference, so that other work on this shared 2-core machine during the test weighs on both sides;
 * an allowance of {@value #ALLOWANCE_MICROS} µs on top absorbs the CPU the crowd's own client
 * thread takes from the machine. A connector that let tricklers hold workers, or counted them as
 * work that closes the acceptor, makes well-behaved clients wait for seconds: far past both.
 */
class SlowAndIdleClientsIT {

    private static final String HYBRID = "hybrid";
    private static final int IDLE = 1000;
    private static final int TRICKLERS = 1000;
    private static final long PERIOD_MILLIS = 250;
    private static final int CONNECTION_TIMEOUT_MILLIS = 3000;
    private static final int SAMPLES = 400;
    private static final long ALLOWANCE_MICROS = 1000;

    @Test
    void testTricklersAndIdleConnectionsDoNotDelayOthers() throws Exception {
        try (TomcatServer tomcat = new TomcatServer("slow-and-idle")
                .connector(HYBRID, TomcatServer.HYBRID_PROTOCOL, Map.of("maxThreads", "10",
                        "connectionTimeout", String.valueOf(CONNECTION_TIMEOUT_MILLIS),
                        // Idle connections must outlive the test; tricklers have connectionTimeout.
                        "keepAliveTimeout", "120000", "acceptCount", "2000"))
                .start()) {
            int port = tomcat.port(HYBRID);
            ConnectorCounters atRest = ConnectorCounters.atRest(tomcat, HYBRID);
            latencies(port, 300); // warm-up: JIT, pools
            long before = median(latencies(port, SAMPLES));

            long loaded;
            List<Long> lifetimes;
            int started;
            try (NioCrowd crowd = new NioCrowd(port, TRICKLERS, PERIOD_MILLIS)) {
                crowd.openIdle(IDLE);
                Thread loop = new Thread(crowd, "nio-crowd");
                loop.start();
                try {
                    awaitParked(tomcat, IDLE + TRICKLERS * 9 / 10);
                    // At least two trickler generations (3 s each) come and go while measuring.
                    loaded = median(latencies(port, SAMPLES, 7000));
                    int parked = Integer.parseInt(tomcat.protocolAttribute(HYBRID, "parkedCount"));
                    assertTrue(parked >= IDLE + TRICKLERS * 9 / 10,
                            "the crowd was not in place while measuring: " + parked + " parked");
                    crowd.stopReplacing();
                    // The last tricklers close at connectionTimeout after their first byte.
                    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                    while (crowd.trickling() > 0 && System.nanoTime() < deadline) {
                        Thread.sleep(100);
                    }
                    assertEquals(0, crowd.trickling(), "tricklers still open 20 s after the last one started");
                    assertEquals(0, crowd.idleClosedByServer(), "idle keep-alive connections closed early");
                } finally {
                    crowd.stop();
                    loop.join(10_000);
                }
                assertNull(crowd.failure(), "the crowd's client failed");
                lifetimes = crowd.lifetimesMillis();
                started = crowd.started();
            }
            long after = median(latencies(port, SAMPLES));
            long reference = Math.max(before, after);
            String figures = "median µs: unloaded " + before + " before, " + after + " after; with the crowd " + loaded +
                    "; " + started + " tricklers, lifetimes (ms) " + summary(lifetimes);
            System.out.println("SlowAndIdleClientsIT: " + figures);

            assertTrue(loaded <= 2 * reference + ALLOWANCE_MICROS, "well-behaved clients were delayed: " + figures);
            assertEquals(started, lifetimes.size(), "every trickler must be closed by the server: " + figures);
            List<Long> sorted = new ArrayList<>(lifetimes);
            Collections.sort(sorted);
            // Never before the time-out (less a little for the clocks), and not long after it: the
            // selector's time-out queue is checked at every turn, so only a busy machine delays a close.
            assertTrue(sorted.get(0) >= CONNECTION_TIMEOUT_MILLIS - 100, "a trickler closed early: " + figures);
            assertTrue(sorted.get(sorted.size() - 1) <= CONNECTION_TIMEOUT_MILLIS + 3000,
                    "a trickler was closed late: " + figures);
            ConnectorCounters rest = ConnectorCounters.awaitAtMost(tomcat, HYBRID, atRest, 10_000);
            assertTrue(rest.atMost(atRest), "the connector still holds " + rest + "; at rest " + atRest);
        }
    }

    /** Latencies in µs of {@code count} well-behaved requests, one after the other, each on a new connection. */
    static List<Long> latencies(int port, int count) throws IOException {
        return latencies(port, count, 0);
    }

    /** As {@link #latencies(int, int)}, going on until at least {@code minMillis} have passed. */
    static List<Long> latencies(int port, int count, long minMillis) throws IOException {
        List<Long> micros = new ArrayList<>(count);
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(minMillis);
        for (int i = 0; i < count || System.nanoTime() < end; i++) {
            long t0 = System.nanoTime();
            try (RawConnection connection = RawConnection.open(port, 30_000)) {
                RawResponse response = connection.send(RawConnection.get("/probe/echo?n=" + i,
                        "Connection: close\r\n")).read();
                assertEquals("n=" + i + "\n", response.text());
            }
            micros.add(TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - t0));
        }
        return micros;
    }

    static long median(List<Long> values) {
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }

    private static String summary(List<Long> values) {
        if (values.isEmpty()) {
            return "none";
        }
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return "min " + sorted.get(0) + ", median " + sorted.get(sorted.size() / 2) + ", max " +
                sorted.get(sorted.size() - 1);
    }

    private static void awaitParked(TomcatServer tomcat, int atLeast) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (Integer.parseInt(tomcat.protocolAttribute(HYBRID, "parkedCount")) < atLeast) {
            assertTrue(System.nanoTime() < deadline, "the crowd never reached " + atLeast + " parked connections");
            Thread.sleep(50);
        }
    }
}
