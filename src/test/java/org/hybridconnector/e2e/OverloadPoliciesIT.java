package org.hybridconnector.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The overload policies in a real Tomcat, each on a connector of its own: session-aware admission
 * answering new sessions 503 while admitted ones go on, lengthy requests kept off the general
 * workers' reserve, and the adaptive worker count moving within its bounds.
 */
class OverloadPoliciesIT {

    private static final String SESSIONS = "sessions";
    private static final String LENGTHY = "lengthy";
    private static final String ADAPTIVE = "adaptive";
    private static final String COMBINED = "sessions-and-lengthy";
    private static TomcatServer tomcat;
    /** Responses the busy clients of {@link #keepBusy} have read, whatever their status. */
    private static final AtomicLong answered = new AtomicLong();

    @BeforeAll
    static void start() throws Exception {
        tomcat = new TomcatServer("overload-policies")
                .connector(SESSIONS, TomcatServer.HYBRID_PROTOCOL, Map.of("maxThreads", "2",
                        "admissionPolicy", "sessions", "turnAway", "reject", "admissionTargetMillis", "50"))
                .connector(LENGTHY, TomcatServer.HYBRID_PROTOCOL, Map.of("maxThreads", "4",
                        "lengthyThresholdMillis", "100", "lengthyMinReserve", "2"))
                .connector(ADAPTIVE, TomcatServer.HYBRID_PROTOCOL, Map.of("maxThreads", "8",
                        "adaptiveWorkers", "true", "minWorkers", "2"))
                .connector(COMBINED, TomcatServer.HYBRID_PROTOCOL, Map.of("maxThreads", "4",
                        "admissionPolicy", "sessions", "turnAway", "reject", "admissionTargetMillis", "50",
                        "lengthyThresholdMillis", "100", "lengthyMinReserve", "2"))
                .start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (tomcat != null) {
            tomcat.close();
        }
    }

    /**
     * Also: the 503 the selector writes itself reaches the access log and the connector's
     * {@code GlobalRequestProcessor} counts, as a request Coyote served would; both are written
     * asynchronously, so the test polls for them.
     */
    @Test
    void testOverloadTurnsNewSessionsAwayWith503WhileAdmittedOnesAreServed() throws Exception {
        int port = tomcat.port(SESSIONS);
        long errorsBefore = requestCounter("errorCount");
        long requestsBefore = requestCounter("requestCount");
        answered.set(0);
        try (RawConnection admitted = RawConnection.open(port, 60_000)) {
            assertEquals(200, admitted.send(RawConnection.get("/probe/echo?n=first")).read().status());
            AtomicBoolean loading = new AtomicBoolean(true);
            // Ten clients keep two workers busy with 200 ms requests: each waits about a second.
            List<Future<?>> load = keepBusy(port, 10, "/probe/slow?ms=200", loading);
            try {
                Await.until(() -> attribute("sessionLimit") >= 0, 15, "admission never closed under overload");
                // What closed it, as an operator sees it: the general queue's wait over the target.
                Await.until(() -> attribute("generalQueueDelayMillis") > 50, 10, "no queueing delay shown under overload");
                assertEquals(0, attribute("lengthyQueueDelayMillis"), "one pool: no lengthy queue");

                long start = System.nanoTime();
                RawResponse refused;
                try (RawConnection newcomer = RawConnection.open(port, 10_000)) {
                    refused = newcomer.send(RawConnection.get("/probe/echo?n=new")).read();
                }
                long millis = (System.nanoTime() - start) / 1_000_000;
                assertEquals(503, refused.status(), refused.text());
                assertEquals("2", refused.header("retry-after"));
                assertEquals("close", refused.header("connection"));
                assertTrue(millis < 1000, "the 503 took " + millis + " ms: it should not wait for a worker");
                assertTrue(attribute("turnedAwayCount") > 0);
                // %b: the body's bytes, as Tomcat counts them for any response.
                String logged = " GET /probe/echo?n=new HTTP/1.1 503 " + refused.text().length() + " ";
                Await.until(() -> tomcat.accessLog().stream().anyMatch(line -> line.contains(logged)),
                        20, "the turned-away request is not in the access log as a 503");
                Await.until(() -> requestCounter("errorCount") > errorsBefore, 20,
                        "the turned-away request is not in GlobalRequestProcessor's errorCount");

                RawResponse served = admitted.send(RawConnection.get("/probe/echo?n=again")).read();
                assertEquals(200, served.status(), "a session already admitted must be served");
                assertEquals("n=again\n", served.text());
            } finally {
                loading.set(false);
                for (Future<?> client : load) {
                    client.get(30, TimeUnit.SECONDS);
                }
            }
        }
        Await.until(() -> attribute("sessionLimit") == -1, 20, "admission did not reopen once the load was gone");
        try (RawConnection later = RawConnection.open(port, 10_000)) {
            assertEquals(200, later.send(RawConnection.get("/probe/echo?n=later")).read().status());
        }
        // Every request on this connector, served or turned away, is counted once: the test's own
        // four and those its busy clients had answered.
        long expected = requestsBefore + 4 + answered.get();
        try {
            Await.until(() -> requestCounter("requestCount") == expected, 20, "");
        } catch (AssertionError e) {
            assertEquals(expected, requestCounter("requestCount"), "GlobalRequestProcessor's requestCount");
        }
    }

    @Test
    void testLengthyRequestsLeaveTheReserveToQuickOnes() throws Exception {
        int port = tomcat.port(LENGTHY);
        String lengthy = "/probe/slow?ms=600&thread=1";
        assertEquals(200, fetch(port, lengthy).status()); // teaches the connector that it is lengthy
        List<CompletableFuture<RawResponse>> running = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            running.add(CompletableFuture.supplyAsync(() -> fetchUnchecked(port, lengthy)));
            Thread.sleep(50);
        }
        long start = System.nanoTime();
        assertEquals("n=quick\n", fetch(port, "/probe/echo?n=quick").text());
        long quickMillis = (System.nanoTime() - start) / 1_000_000;
        int onLengthyPool = 0;
        for (CompletableFuture<RawResponse> request : running) {
            RawResponse response = request.get(30, TimeUnit.SECONDS);
            assertEquals(200, response.status());
            if (response.text().contains("-lengthy-")) {
                onLengthyPool++;
            }
        }
        // Four general workers and a reserve of two: two lengthy requests fit, two go to the
        // lengthy pool; the quick one finds a general worker at once.
        assertEquals(2, onLengthyPool, "lengthy requests served by the lengthy pool");
        assertTrue(quickMillis < 400, "the quick request waited " + quickMillis + " ms behind lengthy ones");
        assertTrue(attribute(LENGTHY, "lengthyReserve") >= 2);
    }

    /**
     * Lengthy requests queued for the one-worker lengthy pool wait seconds there while quick ones
     * find a general worker at once. Those waits are the sessions' too (a shopper whose search
     * waits out the time-out abandons the visit), so session admission counts them and closes;
     * the quick requests of admitted sessions are still served. (Measuring the general pool alone
     * let a benchmark's lengthy queue grow past the clients' time-out with admission wide open.)
     */
    @Test
    void testRequestsWaitingForTheLengthyPoolCloseSessionAdmission() throws Exception {
        int port = tomcat.port(COMBINED);
        String lengthy = "/probe/slow?ms=600&thread=1";
        assertEquals(200, fetch(port, lengthy).status()); // teaches the connector that it is lengthy
        ExecutorService clients = Executors.newFixedThreadPool(8);
        try (RawConnection quick = RawConnection.open(port, 30_000)) {
            assertEquals(200, quick.send(RawConnection.get("/probe/echo?n=first")).read().status());
            List<Future<RawResponse>> running = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                running.add(clients.submit(() -> fetch(port, lengthy)));
                Thread.sleep(20);
            }
            Await.until(() -> attribute(COMBINED, "sessionLimit") >= 0, 10,
                    "admission stayed open while lengthy requests waited seconds for their pool");
            long start = System.nanoTime();
            assertEquals(200, quick.send(RawConnection.get("/probe/echo?n=quick")).read().status());
            long quickMillis = (System.nanoTime() - start) / 1_000_000;
            assertTrue(quickMillis < 400, "an admitted session's quick request waited " + quickMillis + " ms");
            int onLengthyPool = 0;
            for (Future<RawResponse> request : running) {
                RawResponse response = request.get(30, TimeUnit.SECONDS);
                assertEquals(200, response.status());
                onLengthyPool += response.text().contains("-lengthy-") ? 1 : 0;
            }
            assertTrue(onLengthyPool >= 4, "only " + onLengthyPool + " lengthy requests queued for the lengthy pool");
        } finally {
            clients.shutdownNow();
        }
    }

    @Test
    void testAdaptiveWorkerCountStartsAtItsMinimumGrowsUnderQueueAndShrinksWhenIdle() throws Exception {
        int port = tomcat.port(ADAPTIVE);
        assertEquals(2, attribute(ADAPTIVE, "workerCount"), "an adaptive count starts at minWorkers");
        AtomicBoolean loading = new AtomicBoolean(true);
        List<Future<?>> load = keepBusy(port, 16, "/probe/slow?ms=100", loading);
        long grown;
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            long count = 2;
            while (count <= 2 && System.nanoTime() < deadline) {
                Thread.sleep(100);
                count = attribute(ADAPTIVE, "workerCount");
                assertTrue(count <= 8, "above maxThreads: " + count);
            }
            assertTrue(count > 2, "the worker count never grew under a queue: " + count);
            assertTrue(tomcat.connectorThreads(ADAPTIVE).stream().filter(name -> name.contains("-exec-")).count() <= 8,
                    "more worker threads than maxThreads: " + tomcat.connectorThreads(ADAPTIVE));
            grown = count;
        } finally {
            loading.set(false);
            for (Future<?> client : load) {
                client.get(30, TimeUnit.SECONDS);
            }
        }
        Await.until(() -> attribute(ADAPTIVE, "workerCount") < grown, 30, "the worker count never shrank while idle");
        assertTrue(attribute(ADAPTIVE, "workerCount") >= 2, "below minWorkers");
    }

    /**
     * Clients that each send {@code path} on a keep-alive connection, back to back, until told to
     * stop; a client whose connection the server closes after its hundredth request opens another,
     * as a browser would (on a slow machine the adaptive test's load runs that long).
     */
    private static List<Future<?>> keepBusy(int port, int clients, String path, AtomicBoolean loading) {
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<Future<?>> running = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            running.add(pool.submit(() -> {
                RawConnection connection = RawConnection.open(port, 30_000);
                int sent = 0;
                try {
                    while (loading.get()) {
                        sent++;
                        RawResponse response = connection.send(RawConnection.get(path)).read();
                        answered.incrementAndGet();
                        if (response.status() != 200) {
                            return null; // turned away: this client is done
                        }
                        if (response.closesConnection()) { // maxKeepAliveRequests (100) reached: a new one
                            connection.close();
                            connection = RawConnection.open(port, 30_000);
                        }
                    }
                } catch (IOException e) {
                    throw new IOException("request " + sent + " of a busy client: " + e, e);
                } finally {
                    connection.close();
                }
                return null;
            }));
        }
        pool.shutdown();
        return running;
    }

    private static RawResponse fetch(int port, String path) throws IOException {
        try (RawConnection connection = RawConnection.open(port, 30_000)) {
            return connection.send(RawConnection.get(path, "Connection: close\r\n")).read();
        }
    }

    private static RawResponse fetchUnchecked(int port, String path) {
        try {
            return fetch(port, path);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static long attribute(String name) {
        return attribute(SESSIONS, name);
    }

    /** An attribute of the {@code sessions} connector's {@code GlobalRequestProcessor} MBean. */
    private static long requestCounter(String name) throws IOException {
        return Long.parseLong(tomcat.probe("mbean?name=Catalina:type%3DGlobalRequestProcessor,name%3D%22"
                + tomcat.connectorName(SESSIONS) + "%22&attribute=" + name));
    }

    private static long attribute(String connector, String name) {
        try {
            return Long.parseLong(tomcat.protocolAttribute(connector, name));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

}
