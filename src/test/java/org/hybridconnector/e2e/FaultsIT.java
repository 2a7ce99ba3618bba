package org.hybridconnector.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Faults: clients that reset in the middle of a request or a response, servlets that throw or
 * write after an error, a servlet that never returns. After each, the connector serves normally
 * and holds nothing more than at rest; and after 100,000 requests with random disconnects the
 * Tomcat JVM has no more open files or threads than before.
 */
class FaultsIT {

    private static final String HYBRID = "hybrid";
    private static final int CHURN_REQUESTS = Integer.getInteger("faults.churnRequests", 100_000);

    private static TomcatServer tomcat;
    private static int port;
    private static ConnectorCounters atRest;

    @BeforeAll
    static void startTomcat() throws Exception {
        // StuckThreadDetectionValve, Tomcat's standard report of a request that runs too long,
        // checked every second (the context's background processor) against a 2 s threshold.
        tomcat = new TomcatServer("faults")
                .connector(HYBRID, TomcatServer.HYBRID_PROTOCOL, Map.of("maxThreads", "10",
                        "connectionTimeout", "5000"))
                .contextFile("probe", """
                        <Context backgroundProcessorDelay="1">
                          <Valve className="org.apache.catalina.valves.StuckThreadDetectionValve" threshold="2" />
                        </Context>
                        """)
                .start();
        port = tomcat.port(HYBRID);
        assertServesNormally();
        atRest = ConnectorCounters.atRest(tomcat, HYBRID);
    }

    @AfterAll
    static void stopTomcat() throws Exception {
        if (tomcat != null) {
            tomcat.close();
        }
    }

    @Test
    void testResetInTheMiddleOfARequestBody() throws Exception {
        for (int i = 0; i < 20; i++) {
            try (Socket socket = resetting()) {
                OutputStream out = socket.getOutputStream();
                out.write(ascii("POST /probe/echo?n=1 HTTP/1.1\r\nHost: a\r\nContent-Length: 1000000\r\n\r\n"));
                out.write(new byte[1000 * (i + 1)]);
                out.flush();
                Thread.sleep(20); // the worker is reading the body now
            }
        }
        assertServesNormallyAndHoldsNothing();
    }

    @Test
    void testResetInTheMiddleOfARequestHead() throws Exception {
        byte[] head = ascii(RawConnection.get("/probe/echo?n=1", "X-Pad: " + "p".repeat(3000) + "\r\n"));
        for (int i = 0; i < 20; i++) {
            try (Socket socket = resetting()) {
                socket.getOutputStream().write(head, 0, 100 * (i + 1));
                Thread.sleep(10);
            }
        }
        assertServesNormallyAndHoldsNothing();
    }

    @Test
    void testResetInTheMiddleOfAResponse() throws Exception {
        for (int i = 0; i < 20; i++) {
            try (Socket socket = resetting()) {
                socket.getOutputStream().write(ascii(RawConnection.get("/probe/echo?size=20000000")));
                // The worker is blocked writing 20 MB to a client that reads a little, then resets.
                socket.getInputStream().readNBytes(10_000 * (i + 1));
            }
        }
        assertServesNormallyAndHoldsNothing();
    }

    @Test
    void testServletThatThrows() throws Exception {
        for (int i = 0; i < 10; i++) {
            try (RawConnection connection = RawConnection.open(port)) {
                RawResponse response = connection.send(RawConnection.get("/probe/throw")).read();
                assertEquals(500, response.status());
                // Tomcat's rule (as on stock NIO): a 500 ends the connection, said and done cleanly.
                assertTrue(response.closesConnection(), "a 500 says Connection: close");
                assertTrue(connection.awaitClose(5000), "the connection is closed after the 500");
            }
            assertServesNormally();
        }
        assertServesNormallyAndHoldsNothing();
    }

    @Test
    void testServletThatWritesAfterAnError() throws Exception {
        try (RawConnection connection = RawConnection.open(port)) {
            RawResponse response = connection.send(RawConnection.get("/probe/broken?mode=write-after-error")).read();
            assertEquals(503, response.status());
            assertTrue(!response.text().contains("written after the error"), response.text());
            // The error response is whole and framed, then the connection ends (a 503 closes it).
            assertTrue(response.closesConnection(), "a 503 says Connection: close");
            assertTrue(connection.awaitClose(5000), "the connection is closed after the 503");
        }
        assertServesNormallyAndHoldsNothing();
    }

    @Test
    void testServletThatThrowsAfterCommittingIsCutShort() throws Exception {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(30_000);
            // A second request pipelined behind: it must not be answered on this connection, since
            // its response would be read as the rest of the first one's body.
            socket.getOutputStream().write(ascii(RawConnection.get("/probe/broken?mode=throw-after-commit") +
                    RawConnection.get("/probe/echo?n=behind")));
            String received = new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            assertTrue(received.startsWith("HTTP/1.1 200"), received.substring(0, Math.min(200, received.length())));
            assertTrue(received.contains("Content-Length: 100000"), "the declared length");
            int body = received.length() - (received.indexOf("\r\n\r\n") + 4);
            assertEquals(50_000, body, "the client must see the response cut short, then the close");
        }
        assertServesNormallyAndHoldsNothing();
    }

    @Test
    void testServletThatNeverReturnsIsReportedWhileOthersAreServed() throws Exception {
        CompletableFuture<RawResponse> hanging = CompletableFuture.supplyAsync(() -> {
            try (RawConnection connection = RawConnection.open(port, 180_000)) {
                return connection.send(RawConnection.get("/probe/hang")).read();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        try {
            awaitProbe("hang?hangs=1", "1", 10);
            // The other nine workers keep serving while one is stuck.
            long t0 = System.nanoTime();
            for (int i = 0; i < 200; i++) {
                assertServesNormally();
            }
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            assertTrue(millis < 20_000, "200 requests took " + millis + " ms beside a stuck worker");

            String valve = "Catalina:type%3DValve,host%3Dlocalhost,context%3D/probe,name%3DStuckThreadDetectionValve";
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!tomcat.probe("mbean?name=" + valve + "&attribute=stuckThreadCount").equals("1")) {
                assertTrue(System.nanoTime() < deadline, "StuckThreadDetectionValve never counted the stuck worker");
                Thread.sleep(200);
            }
            String worker = tomcat.connectorName(HYBRID) + "-exec-";
            String report = awaitLogLine("StuckThreadDetectionValve.notifyStuckThreadDetected", 10);
            assertTrue(report.contains("Thread [" + worker), "the report names the hybrid worker: " + report);
            assertTrue(report.contains("/probe/hang"), report);
        } finally {
            tomcat.probe("hang?release=1");
        }
        assertEquals("released\n", hanging.get(30, TimeUnit.SECONDS).text());
        assertServesNormallyAndHoldsNothing();
    }

    /**
     * 100,000 requests from four threads with random disconnects: afterwards the connector holds no
     * more than at rest, and the Tomcat JVM has no more open files and threads than before.
     */
    @Test
    void testNothingLeaksOverManyRequestsWithRandomDisconnects() throws Exception {
        // Warm-up: whatever Tomcat opens lazily (class files, log files) is open before counting.
        new DisconnectChurn(port).run(5000, 4, 1);
        assertServesNormallyAndHoldsNothing();
        long files = openFiles();
        int threads = tomcat.probe("threads?prefix=").lines().mapToInt(line -> 1).sum();

        DisconnectChurn.Totals totals = new DisconnectChurn(port).run(CHURN_REQUESTS, 4, 42);
        System.out.println("FaultsIT churn: " + totals);
        assertTrue(totals.requests() >= CHURN_REQUESTS, totals.toString());

        assertServesNormallyAndHoldsNothing();
        long filesAfter = openFiles();
        int threadsAfter = tomcat.probe("threads?prefix=").lines().mapToInt(line -> 1).sum();
        List<String> connectorThreads = tomcat.connectorThreads(HYBRID);
        System.out.println("FaultsIT: open files " + files + " -> " + filesAfter + ", threads " + threads + " -> " +
                threadsAfter);
        // A few files of slack: the JVM may open a jar or a log file of its own meanwhile.
        assertTrue(filesAfter <= files + 5, "open files " + files + " before, " + filesAfter + " after: " +
                openFileList());
        assertTrue(threadsAfter <= threads + 2, "threads " + threads + " before, " + threadsAfter + " after");
        assertEquals(12, connectorThreads.size(), "ten workers, acceptor, selector: " + connectorThreads);
    }

    // ------------------------------------------------------------------ helpers

    private static Socket resetting() throws IOException {
        Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
        socket.setSoLinger(true, 0);
        socket.setSoTimeout(30_000);
        return socket;
    }

    private static void assertServesNormally() throws IOException {
        try (RawConnection connection = RawConnection.open(port, 30_000)) {
            RawResponse response = connection.send(RawConnection.get("/probe/echo?n=ok")).read();
            assertEquals(200, response.status());
            assertEquals("n=ok\n", response.text());
        }
    }

    private static void assertServesNormallyAndHoldsNothing() throws Exception {
        assertServesNormally();
        ConnectorCounters now = ConnectorCounters.awaitAtMost(tomcat, HYBRID, atRest, 15_000);
        assertTrue(now.atMost(atRest), "the connector holds " + now + "; at rest " + atRest);
    }

    private static long openFiles() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc", String.valueOf(tomcat.pid()), "fd"))) {
            return fds.count();
        }
    }

    private static String openFileList() throws IOException {
        List<String> targets = new ArrayList<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc", String.valueOf(tomcat.pid()), "fd"))) {
            for (Path fd : fds.toList()) {
                try {
                    targets.add(Files.readSymbolicLink(fd).toString());
                } catch (IOException e) {
                    // closed meanwhile
                }
            }
        }
        return targets.toString();
    }

    private static void awaitProbe(String query, String expected, int seconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!tomcat.probe(query).equals(expected)) {
            assertTrue(System.nanoTime() < deadline, query + " never answered " + expected);
            Thread.sleep(20);
        }
    }

    private static String awaitLogLine(String marker, int seconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (true) {
            // The valve's report is two lines: the message, then the stuck thread's stack.
            List<String> lines = tomcat.consoleLog().lines().toList();
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).contains(marker)) {
                    return String.join("\n", lines.subList(i, Math.min(lines.size(), i + 40)));
                }
            }
            assertTrue(System.nanoTime() < deadline, "no log line with " + marker + ":\n" + tomcat.consoleLog());
            Thread.sleep(200);
        }
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }
}
