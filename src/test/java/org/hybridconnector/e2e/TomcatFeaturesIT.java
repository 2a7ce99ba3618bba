package org.hybridconnector.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What a Tomcat user relies on without thinking, through the hybrid connector: the Manager's status
 * page and the JMX beans behind it, the access log, a shared executor.
 */
@ExtendWith(SharedTomcat.class)
class TomcatFeaturesIT {

    @Test
    void testRunsOnTheTomcatReleaseTheBuildNamed(TomcatServer tomcat) throws Exception {
        // -Dtomcat.dist.version or -Dtomcat.embedded.version picks the release: it must be the one running.
        assertEquals("Apache Tomcat/" + System.getProperty("e2e.tomcatRelease"),
                tomcat.probe("mbean?name=Catalina:type%3DServer&attribute=serverInfo"));
    }

    @Test
    void testManagerStatusPageShowsTheHybridConnector(TomcatServer tomcat) throws Exception {
        String connector = SharedTomcat.HYBRID;
        for (int i = 0; i < 5; i++) {
            fetch(tomcat.port(connector), "/probe/echo?n=" + i);
        }
        String auth = Base64.getEncoder().encodeToString(
                (TomcatServer.MANAGER_USER + ":" + TomcatServer.MANAGER_PASSWORD).getBytes(StandardCharsets.UTF_8));
        String status;
        try (RawConnection connection = RawConnection.open(tomcat.port(TomcatServer.CONTROL))) {
            RawResponse response = connection.send(RawConnection.get("/manager/status?XML=true",
                    "Authorization: Basic " + auth + "\r\n")).read();
            assertEquals(200, response.status(), response.text());
            status = response.text();
        }
        String name = tomcat.connectorName(connector);
        int start = status.indexOf("<connector name='\"" + name + "\"'>");
        assertTrue(start >= 0, "the status page does not list " + name + ":\n" + status);
        String section = status.substring(start, status.indexOf("</connector>", start));
        assertTrue(section.contains("<threadInfo  maxThreads=\"10\" currentThreadCount=\"10\""), section);
        Matcher requests = Pattern.compile("requestCount=\"(\\d+)\"").matcher(section);
        assertTrue(requests.find() && Integer.parseInt(requests.group(1)) >= 5, section);
        assertTrue(section.contains("<worker "), "no per-worker RequestProcessor rows:\n" + section);
    }

    @Test
    void testGlobalRequestProcessorCountsRequestsErrorsAndBytes(TomcatServer tomcat) throws Exception {
        String connector = SharedTomcat.HYBRID;
        long requests = grp(tomcat, connector, "requestCount");
        long errors = grp(tomcat, connector, "errorCount");
        long sent = grp(tomcat, connector, "bytesSent");
        long received = grp(tomcat, connector, "bytesReceived");
        fetch(tomcat.port(connector), "/probe/echo?size=10000");
        fetch(tomcat.port(connector), "/probe/no-such-page");
        try (RawConnection connection = RawConnection.open(tomcat.port(connector))) {
            connection.send("POST /probe/echo?n=p HTTP/1.1\r\nHost: a\r\nContent-Length: 3000\r\n\r\n" + "b".repeat(3000));
            assertEquals(200, connection.read().status());
        }
        // Coyote counts a request just after its response is written, which the client may read first.
        Await.until(() -> grp(tomcat, connector, "requestCount") >= requests + 3, 10, "three requests not counted");
        Await.until(() -> grp(tomcat, connector, "errorCount") >= errors + 1, 10, "the 404 must count as an error");
        Await.until(() -> grp(tomcat, connector, "bytesSent") >= sent + 10000, 10, "the 10,000 bytes sent not counted");
        Await.until(() -> grp(tomcat, connector, "bytesReceived") >= received + 3000, 10,
                "the 3,000 bytes received not counted");
    }

    @Test
    void testAccessLogMatchesStockNio(TomcatServer tomcat) throws Exception {
        String[] paths = { "/probe/echo?size=5000", "/probe/slow?ms=200&bytes=100", "/probe/missing",
            "/examples/servlets/servlet/HelloWorldExample" };
        int logged = tomcat.accessLog().size();
        for (String connector : new String[] { SharedTomcat.NIO, SharedTomcat.HYBRID }) {
            int port = tomcat.port(connector);
            for (String path : paths) {
                // %p logs the port of the Host header: name the connector's own.
                try (RawConnection connection = RawConnection.open(port)) {
                    connection.send("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n\r\n").read();
                }
            }
        }
        List<String[]> nio = lines(tomcat, SharedTomcat.NIO, logged, paths);
        List<String[]> hybrid = lines(tomcat, SharedTomcat.HYBRID, logged, paths);
        for (int i = 0; i < paths.length; i++) {
            String[] expected = nio.get(i);
            String[] actual = hybrid.get(i);
            // %a %r (three words) %s %b must match; %D is the time taken, in microseconds.
            for (int field = 1; field <= 6; field++) {
                assertEquals(expected[field], actual[field], "access log field " + field + " for " + paths[i]);
            }
            assertEquals("127.0.0.1", actual[1]);
            assertTrue(Long.parseLong(actual[7]) >= 0);
        }
        assertTrue(Long.parseLong(hybrid.get(1)[7]) >= 200_000, "%D of a 200 ms request: " + hybrid.get(1)[7]);
    }

    @Test
    void testSharedExecutorServesTheWorkers(TomcatServer tomcat) throws Exception {
        String body = fetch(tomcat.port(SharedTomcat.HYBRID_SHARED_EXECUTOR), "/probe/echo?thread=1").text();
        assertTrue(body.startsWith("thread=shared-pool-exec-"), body);
        // The connector's own pool is not created: only the acceptor and the selector are its own.
        List<String> own = tomcat.connectorThreads(SharedTomcat.HYBRID_SHARED_EXECUTOR);
        assertEquals(2, own.size(), own.toString());
        assertFalse(own.stream().anyMatch(name -> name.contains("-exec-")), own.toString());
    }

    @Test
    void testAsyncRequestFreesItsWorker(TomcatServer tomcat) throws Exception {
        int port = tomcat.port(SharedTomcat.HYBRID_ONE_WORKER);
        CompletableFuture<RawResponse> async = CompletableFuture
                .supplyAsync(() -> fetchUnchecked(port, "/probe/async?mode=complete&ms=2000"));
        awaitAsyncWaiting(tomcat, SharedTomcat.HYBRID_ONE_WORKER);
        long start = System.nanoTime();
        assertEquals("n=meanwhile\n", fetch(port, "/probe/echo?n=meanwhile").text());
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis < 1000, "the only worker was held by an async request for " + millis + " ms");
        RawResponse response = async.get(10, TimeUnit.SECONDS);
        assertEquals(200, response.status());
        assertTrue(response.text().startsWith("async done on probe-async-timer"), response.text());
    }

    @Test
    void testAsyncCasesAnswerAsThroughStockNio(TomcatServer tomcat) throws Exception {
        String[] cases = { "/probe/async?mode=complete&ms=100", "/probe/async?mode=dispatch&ms=100",
            "/probe/async?mode=timeout&ms=500" };
        for (String path : cases) {
            RawResponse nio = fetch(tomcat.port(SharedTomcat.NIO), path);
            RawResponse hybrid = fetch(tomcat.port(SharedTomcat.HYBRID), path);
            assertEquals(nio.status(), hybrid.status(), path);
            assertEquals(nio.text().replaceAll("exec-\\d+", "exec-N"), hybrid.text().replaceAll("exec-\\d+", "exec-N"),
                    path);
        }
        assertEquals("n=dispatched\n", fetch(tomcat.port(SharedTomcat.HYBRID), cases[1]).text());
        assertEquals("async timed out", fetch(tomcat.port(SharedTomcat.HYBRID), cases[2]).text());

        int errorsBefore = asyncErrorsSeen(tomcat);
        RawResponse nio = fetch(tomcat.port(SharedTomcat.NIO), "/probe/async?mode=error&ms=100");
        RawResponse hybrid = fetch(tomcat.port(SharedTomcat.HYBRID), "/probe/async?mode=error&ms=100");
        assertEquals(nio.status(), hybrid.status());
        assertEquals(500, hybrid.status());
        // Catalina writes the 500 page from within the failed dispatch (ErrorReportValve finishes
        // the response) and only then, back in CoyoteAdapter.asyncDispatch, runs onError: a client
        // can read the page before the listener has run, on either connector.
        Await.until(() -> asyncErrorsSeen(tomcat) >= errorsBefore + 2, 10,
                "onError must run for each failed async request");
        assertEquals(errorsBefore + 2, asyncErrorsSeen(tomcat), "onError must run once per failed async request");
    }

    /**
     * Waits until a request of the connector is in async mode with its worker given back: Coyote
     * counts such a processor among its waiting ones (for async time-outs) once the worker returns.
     */
    private static void awaitAsyncWaiting(TomcatServer tomcat, String connector) throws Exception {
        Await.until(() -> Integer.parseInt(tomcat.protocolAttribute(connector, "waitingProcessorCount")) >= 1, 10,
                "no request of " + connector + " went async and gave its worker back");
    }

    private static int asyncErrorsSeen(TomcatServer tomcat) throws IOException {
        return Integer.parseInt(tomcat.probe("async?mode=errors"));
    }

    @Test
    void testTomcatAsyncExamplesAnswerAsThroughStockNio(TomcatServer tomcat) throws Exception {
        for (String example : new String[] { "async0", "async1", "async2", "async3" }) {
            String path = "/examples/async/" + example;
            RawResponse nio = fetch(tomcat.port(SharedTomcat.NIO), path);
            RawResponse hybrid = fetch(tomcat.port(SharedTomcat.HYBRID), path);
            assertEquals(200, hybrid.status(), path);
            assertEquals(nio.status(), hybrid.status(), path);
            assertEquals(maskTimes(nio.text()), maskTimes(hybrid.text()), path);
        }
    }

    @Test
    void testNonBlockingReadDoesNotHoldAWorker(TomcatServer tomcat) throws Exception {
        int port = tomcat.port(SharedTomcat.HYBRID_ONE_WORKER);
        byte[] body = "0123456789".repeat(400).getBytes(StandardCharsets.ISO_8859_1);
        try (RawConnection slow = RawConnection.open(port)) {
            slow.send("POST /probe/nio HTTP/1.1\r\nHost: a\r\nContent-Length: " + body.length + "\r\n\r\n");
            for (int off = 0; off < body.length; off += 1000) {
                slow.send(java.util.Arrays.copyOfRange(body, off, Math.min(body.length, off + 1000)));
                // While the body trickles in, the only worker serves others.
                assertEquals("n=" + off + "\n", fetch(port, "/probe/echo?n=" + off).text());
                Thread.sleep(150);
            }
            String answer = slow.read().text();
            assertTrue(answer.startsWith("length=4000 sha256="), answer);
        }
    }

    @Test
    void testNonBlockingWriteToASlowReader(TomcatServer tomcat) throws Exception {
        int size = 3_000_000;
        try (RawConnection connection = RawConnection.open(tomcat.port(SharedTomcat.HYBRID_ONE_WORKER))) {
            connection.send(RawConnection.get("/probe/nio?size=" + size));
            // The socket buffers fill and the servlet waits for onWritePossible, off the worker.
            awaitAsyncWaiting(tomcat, SharedTomcat.HYBRID_ONE_WORKER);
            assertEquals("n=waiting\n", fetch(tomcat.port(SharedTomcat.HYBRID_ONE_WORKER), "/probe/echo?n=waiting")
                    .text());
            RawResponse response = connection.read();
            assertEquals(size, response.body().length);
            for (int i = 0; i < size; i += 9973) {
                assertEquals((byte) (i % 251), response.body()[i], "byte " + i);
            }
        }
    }

    @Test
    void testANonBlockingWriteTheClientNeverTakesTimesOutAsOnStockNio(TomcatServer tomcat) throws Exception {
        String connector = SharedTomcat.HYBRID_ONE_WORKER; // connectionTimeout 2 s
        ConnectorCounters rest = ConnectorCounters.atRest(tomcat, connector);
        try (RawConnection connection = RawConnection.open(tomcat.port(connector), 30_000, 4096)) {
            // No async time-out: only the write's own, connectionTimeout without progress, can end it.
            connection.send(RawConnection.get("/probe/nio?size=100000000&timeout=0"));
            awaitAsyncWaiting(tomcat, connector);
            // The client takes nothing more: the servlet hears of the time-out, and the connection ends.
            ConnectorCounters after = ConnectorCounters.awaitAtMost(tomcat, connector, rest, 15_000);
            assertTrue(after.atMost(rest), "a write the client never took held its connection: " + after);
        }
    }

    private static String maskTimes(String text) {
        return text.replaceAll("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}", "TIME")
                .replaceAll("\\d{1,2}:\\d{2}:\\d{2}", "TIME").replaceAll("exec-\\d+", "exec-N");
    }

    /**
     * The access log lines, split in fields, of requests for {@code paths} through {@code connector}
     * after the log's first {@code skip} lines, in the order of {@code paths}. The valve writes a
     * line once its response has gone out, so the client may see a reply before its line, and the
     * next request's line may come first: lines are matched by path and waited for.
     */
    private static List<String[]> lines(TomcatServer tomcat, String connector, int skip, String[] paths)
            throws IOException, InterruptedException {
        String port = String.valueOf(tomcat.port(connector));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            List<String> log = tomcat.accessLog();
            List<String[]> mine = log.subList(skip, log.size()).stream().map(line -> line.split(" "))
                    .filter(fields -> fields[0].equals(port)).toList();
            List<String[]> found = new ArrayList<>();
            for (String path : paths) {
                mine.stream().filter(fields -> fields.length > 3 && fields[3].equals(path)).findFirst()
                        .ifPresent(found::add);
            }
            if (found.size() == paths.length) {
                return found;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError(connector + ": access log lines for " + found.size() + " of "
                        + paths.length + " paths after 10 s");
            }
            Thread.sleep(50);
        }
    }

    private static long grp(TomcatServer tomcat, String connector, String attribute) throws IOException {
        return Long.parseLong(tomcat.probe("mbean?name=Catalina:type%3DGlobalRequestProcessor,name%3D%22" +
                tomcat.connectorName(connector) + "%22&attribute=" + attribute));
    }

    private static RawResponse fetch(int port, String path) throws IOException {
        try (RawConnection connection = RawConnection.open(port)) {
            return connection.send(RawConnection.get(path)).read();
        }
    }

    private static RawResponse fetchUnchecked(int port, String path) {
        try {
            return fetch(port, path);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
