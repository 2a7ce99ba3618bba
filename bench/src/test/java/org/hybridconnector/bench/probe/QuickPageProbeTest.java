package org.hybridconnector.bench.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The probe against the JDK's HTTP server on 127.0.0.1: fixed-length, chunked, 503, and too slow. */
class QuickPageProbeTest {

    /** HdrHistogram's relative precision at three significant digits. */
    private static final double PRECISION = 1e-3;

    private HttpServer server;
    private final AtomicInteger served = new AtomicInteger();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 50);
        server.setExecutor(Executors.newFixedThreadPool(8));
        server.createContext("/fixed", e -> reply(e, 200, "0123456789".repeat(100), 1000));
        server.createContext("/chunked", e -> reply(e, 200, "x".repeat(5000), 0));
        server.createContext("/busy", e -> {
            e.getResponseHeaders().add("Connection", "close");
            reply(e, 503, "come back later", -1);
        });
        server.createContext("/slow", e -> {
            sleep(1500);
            reply(e, 200, "late", 4);
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void testTimesFixedLengthAndChunkedRepliesOnKeptConnections() throws InterruptedException {
        QuickPageProbe probe = probe(List.of("/fixed", "/chunked"), 2000);
        probe.run(2, 1.0);
        ProbeResult result = ProbeResult.of(probe.timeline(), 0, ProbeResult.Pages.MID_VISIT);
        assertTrue(result.samples() >= 10, result.toLine());
        assertEquals(result.samples() + 2, probe.timeline().size(),
                "one attempt in the timeline per sample, and the two that opened connections");
        assertEquals(2, ProbeResult.of(probe.timeline(), 0, ProbeResult.Pages.OPENINGS).samples());
        for (ProbeAttempt attempt : probe.timeline()) {
            assertEquals(ProbeAttempt.Outcome.REPLY, attempt.outcome(), attempt.toCsv());
            assertTrue(attempt.startedSeconds() >= 0 && attempt.startedSeconds() < 1.0, attempt.toCsv());
        }
        assertEquals(probe.timeline().size(), served.get(), "one attempt per reply");
        assertEquals(2, probe.timeline().stream().filter(ProbeAttempt::newConnection).count(),
                "each client opens one connection and keeps it");
        assertEquals(0, result.timeouts() + result.failures() + result.turnedAway(), result.toLine());
        assertTrue(result.p99Millis() < 1000, result.toLine());
        assertTrue(result.p50Millis() <= result.p90Millis() && result.p90Millis() <= result.p99Millis()
                && result.p99Millis() <= result.maxMillis(), result.toLine());
    }

    @Test
    void testCountsTurnedAwayApartFromResponseTimes() throws InterruptedException {
        QuickPageProbe probe = probe(List.of("/busy"), 2000);
        probe.run(1, 1.5);
        ProbeResult result = ProbeResult.of(probe.timeline(), 0, ProbeResult.Pages.ALL);
        assertTrue(result.turnedAway() >= 1, result.toLine());
        assertEquals(0, result.samples(), "a 503 is not a response time");
        assertEquals(result.turnedAway(), probe.timeline().size(), "the timeline keeps the 503s");
        assertTrue(probe.timeline().stream().allMatch(a -> a.outcome() == ProbeAttempt.Outcome.TURNED_AWAY));
    }

    @Test
    void testCountsTimeOutsAsTheFullTimeOut() throws InterruptedException {
        // Each connection opens on a quick page, then times out on the slow one and is dropped.
        QuickPageProbe probe = probe(List.of("/fixed", "/slow"), 500);
        probe.run(1, 1.2);
        ProbeResult result = ProbeResult.of(probe.timeline(), 0, ProbeResult.Pages.MID_VISIT);
        assertTrue(result.timeouts() >= 1, result.toLine());
        assertEquals(500, result.maxMillis(), 1e-9, result.toLine());
        ProbeAttempt second = probe.timeline().get(1);
        assertEquals(ProbeAttempt.Outcome.TIMEOUT, second.outcome(), second.toCsv());
        assertEquals(500, second.millis(), 1e-9, second.toCsv());
        assertTrue(second.startedSeconds() < 0.5, "the second attempt follows the first: " + second.toCsv());
        assertTrue(probe.timeline().stream()
                .allMatch(a -> a.newConnection() == (a.outcome() == ProbeAttempt.Outcome.REPLY)),
                "a timed-out connection is dropped, so the next attempt opens its own");
    }

    @Test
    void testTimesPagesAskedMidVisitFromTheMeasuredStart() {
        List<ProbeAttempt> timeline = List.of(
                attempt(0.1, 40, ProbeAttempt.Outcome.REPLY, true),        // before the interval
                attempt(0.5, 9000, ProbeAttempt.Outcome.REPLY, false),     // before the interval
                attempt(1.0, 8, ProbeAttempt.Outcome.REPLY, false),
                attempt(1.2, 10000, ProbeAttempt.Outcome.TIMEOUT, false),
                attempt(11.3, 10000, ProbeAttempt.Outcome.TIMEOUT, true),  // waited to be let in
                attempt(21.4, 7000, ProbeAttempt.Outcome.REPLY, true),     // let in at last
                attempt(28.5, 6, ProbeAttempt.Outcome.REPLY, false),
                attempt(28.8, 3, ProbeAttempt.Outcome.TURNED_AWAY, true));
        ProbeResult midVisit = ProbeResult.of(timeline, 1.0, ProbeResult.Pages.MID_VISIT);
        assertEquals(3, midVisit.samples(), midVisit.toLine());
        assertEquals(10000, midVisit.maxMillis(), 1e-9, "a mid-visit time-out is the slowest page");
        assertEquals(8, midVisit.p50Millis(), 8 * PRECISION, midVisit.toLine());
        assertEquals(1, midVisit.timeouts(), midVisit.toLine());
        assertEquals(0, midVisit.turnedAway(), midVisit.toLine());
        assertEquals(4, ProbeResult.of(timeline, 0, ProbeResult.Pages.MID_VISIT).samples(),
                "from the start, the earlier mid-visit page counts too");
        ProbeResult openings = ProbeResult.of(timeline, 1.0, ProbeResult.Pages.OPENINGS);
        assertEquals(2, openings.samples(), "the wait to be let in, timed out and then answered");
        assertEquals(1, openings.timeouts(), openings.toLine());
        assertEquals(1, openings.turnedAway(), openings.toLine());
        assertEquals(10000, openings.maxMillis(), 1e-9, openings.toLine());
        assertEquals(7, ProbeResult.of(timeline, 0, ProbeResult.Pages.ALL).samples(), "every attempt but the 503");
    }

    private static ProbeAttempt attempt(double started, double millis, ProbeAttempt.Outcome outcome, boolean opened) {
        return new ProbeAttempt(started, millis, outcome, opened);
    }

    @Test
    void testResultSurvivesItsFile(@TempDir Path dir) throws IOException {
        ProbeResult result = ProbeResult.of(new double[] { 5, 1, 4, 2, 3 }, 1, 2, 3);
        assertEquals(3, result.p50Millis(), 3 * PRECISION);
        assertEquals(5, result.p99Millis(), 1e-9);
        Path file = dir.resolve("probe.txt");
        Files.writeString(file, result.toLine() + "\n");
        assertEquals(result.toLine(), ProbeResult.read(file).toLine(), "every figure, to the file's 0.1 ms");
    }

    @Test
    void testTimelineLineSaysWhenHowLongAndHow() {
        assertEquals("12.345,6.8,turned_away,true",
                new ProbeAttempt(12.3451, 6.75, ProbeAttempt.Outcome.TURNED_AWAY, true).toCsv());
        assertEquals(List.of("started_s", "ms", "outcome", "new_connection"),
                List.of(ProbeAttempt.CSV_HEADER.split(",")));
    }

    @Test
    void testNearestRankPercentiles() {
        double[] hundred = new double[100];
        for (int i = 0; i < 100; i++) {
            hundred[i] = i + 1;
        }
        ProbeResult result = ProbeResult.of(hundred, 0, 0, 0);
        assertEquals(50, result.p50Millis(), 50 * PRECISION);
        assertEquals(99, result.p99Millis(), 99 * PRECISION);
        assertEquals(100, result.maxMillis(), 1e-9);
        assertEquals(7, ProbeResult.of(new double[] { 1, 2, 3, 4, 5, 6, 7 }, 0, 0, 0).p90Millis(), 1e-9,
                "the 7th of 7 (rank 6.3 rounded up), and no more than the slowest");
        assertEquals(1, ProbeResult.of(new double[] { 1 }, 0, 0, 0).p99Millis(), 1e-9);
    }

    private QuickPageProbe probe(List<String> paths, int timeoutMillis) {
        return new QuickPageProbe("127.0.0.1", server.getAddress().getPort(), paths, 50, timeoutMillis);
    }

    /** {@code length}: the body's length (Content-Length), 0 for chunked, -1 for none. */
    private void reply(HttpExchange exchange, int status, String body, long length) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.US_ASCII);
        exchange.sendResponseHeaders(status, length);
        try (OutputStream out = exchange.getResponseBody()) {
            if (length != -1) {
                out.write(bytes);
            }
        }
        if (status == 200) {
            served.incrementAndGet();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
