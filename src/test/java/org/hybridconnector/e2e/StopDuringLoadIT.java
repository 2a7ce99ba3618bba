package org.hybridconnector.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * Stopping Tomcat while requests run: every request a worker had started gets its whole response;
 * idle connections are closed at once; a request that arrives afterwards is refused cleanly, never
 * answered with half a response.
 */
class StopDuringLoadIT {

    private static final String HYBRID = "hybrid";

    @Test
    void testStopLetsStartedRequestsFinish() throws Exception {
        try (TomcatServer tomcat = new TomcatServer("stop-during-load")
                .connector(HYBRID, TomcatServer.HYBRID_PROTOCOL, Map.of("maxThreads", "10"))
                .start()) {
            int port = tomcat.port(HYBRID);
            RawConnection idle = RawConnection.open(port);
            assertEquals(200, idle.send(RawConnection.get("/probe/echo?n=idle")).read().status());

            List<CompletableFuture<RawResponse>> inFlight = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                inFlight.add(CompletableFuture.supplyAsync(() -> fetch(port, "/probe/slow?ms=1500&bytes=200000")));
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (Integer.parseInt(tomcat.threadPoolAttribute(HYBRID, "currentThreadsBusy")) < 10) {
                assertTrue(System.nanoTime() < deadline, "the slow requests never occupied all ten workers");
                Thread.sleep(20);
            }

            tomcat.requestShutdown();

            for (CompletableFuture<RawResponse> request : inFlight) {
                RawResponse response = request.get(30, TimeUnit.SECONDS);
                assertEquals(200, response.status());
                assertTrue(response.text().startsWith("slept 1500\n"));
                assertEquals(200_000, response.body().length, "a started request lost part of its response");
            }
            assertTrue(idle.awaitClose(10_000), "the idle keep-alive connection must be closed by the stop");
            idle.close();
            assertTrue(tomcat.awaitExit(30), "Tomcat did not exit after the stop:\n" + tomcat.consoleLog());
            assertFalse(TomcatServer.listens(port));
            String log = tomcat.consoleLog();
            assertTrue(log.contains("Stopping ProtocolHandler [\"" + tomcat.connectorName(HYBRID) + "\"]"), log);
            assertFalse(log.contains("SEVERE"), log);
        }
    }

    private static RawResponse fetch(int port, String path) {
        try (RawConnection connection = RawConnection.open(port)) {
            return connection.send(RawConnection.get(path)).read();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
