package org.hybridconnector.e2e;

import static org.hybridconnector.e2e.SharedTomcat.HYBRID;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A thousand open, idle WebSocket connections on the hybrid connector with its ten workers: they
 * wait in the selector and hold no worker, so ordinary requests are still served at once and the
 * pool's busy count falls back to zero while they stay open (Tomcat's upgrade handlers hand an
 * upgraded connection back to the endpoint whenever it has nothing to read); afterwards every one
 * of them still echoes and closes with a handshake.
 */
@ExtendWith(SharedTomcat.class)
class IdleWebSocketsIT {

    private static final int SOCKETS = 1000;
    /**
     * The examples' echo endpoint, which echoes a message as its parts arrive and so keeps small
     * buffers (the probe's endpoint takes whole messages of megabytes, too much times a thousand).
     */
    private static final String ECHO = "/examples/websocket/echoAnnotation";
    /** Handshakes in flight at once: well within the listen backlog. */
    private static final int BATCH = 50;
    /** What an ordinary request may take while the sockets are open: generous for a busy 2-core machine. */
    private static final long PROMPT_MILLIS = 2000;

    @Test
    void testThousandIdleWebSocketsHoldNoWorker(TomcatServer tomcat) throws Exception {
        ConnectorCounters atRest = ConnectorCounters.atRest(tomcat, HYBRID);
        int port = tomcat.port(HYBRID);
        HttpClient http = HttpClient.newHttpClient();
        List<WsClient> sockets = new ArrayList<>();
        try {
            for (int opened = 0; opened < SOCKETS; opened += BATCH) {
                List<CompletableFuture<WsClient>> opening = new ArrayList<>();
                for (int i = 0; i < BATCH; i++) {
                    opening.add(WsClient.open(http, port, ECHO));
                }
                for (CompletableFuture<WsClient> socket : opening) {
                    sockets.add(socket.get(WsClient.WAIT_SECONDS, TimeUnit.SECONDS));
                }
            }
            Await.until(() -> parked(tomcat) >= SOCKETS, 20, "the WebSockets are not all parked in the selector");

            for (int i = 0; i < 20; i++) {
                long start = System.nanoTime();
                try (RawConnection connection = RawConnection.open(port, 10_000)) {
                    assertEquals("n=" + i + "\n", connection.send(RawConnection.get("/probe/echo?n=" + i,
                            "Connection: close\r\n")).read().text());
                }
                long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                assertTrue(millis < PROMPT_MILLIS, "a request beside " + SOCKETS + " idle WebSockets took " + millis +
                        " ms");
            }
            // Polled, not sampled once per request: a worker whose reply the client has read may
            // still be closing its connection, and on a loaded machine more than one can lag so.
            // Were the sockets holding workers, a thousand of them would keep all ten busy.
            Await.until(() -> busy(tomcat) == 0, 20, "workers stay busy beside idle WebSockets");
            assertTrue(parked(tomcat) >= SOCKETS, "WebSockets left the selector: " + parked(tomcat));

            List<CompletableFuture<?>> sent = new ArrayList<>();
            for (int i = 0; i < SOCKETS; i++) {
                sent.add(sockets.get(i).sendAsync("echo " + i));
            }
            for (CompletableFuture<?> done : sent) {
                done.get(WsClient.WAIT_SECONDS, TimeUnit.SECONDS);
            }
            for (int i = 0; i < SOCKETS; i++) {
                assertEquals("echo " + i, sockets.get(i).nextText(), "WebSocket " + i);
            }
            List<CompletableFuture<String>> closing = new ArrayList<>();
            for (WsClient socket : sockets) {
                closing.add(socket.closeAsync());
            }
            for (CompletableFuture<String> close : closing) {
                assertEquals("1000 ", close.get(WsClient.WAIT_SECONDS, TimeUnit.SECONDS));
            }
        } finally {
            for (WsClient socket : sockets) {
                socket.abort();
            }
        }
        ConnectorCounters after = ConnectorCounters.awaitAtMost(tomcat, HYBRID, atRest, 30_000);
        assertTrue(after.atMost(atRest), "left behind: " + after + " against " + atRest + " at rest");
    }

    private static int busy(TomcatServer tomcat) throws Exception {
        return Integer.parseInt(tomcat.threadPoolAttribute(HYBRID, "currentThreadsBusy"));
    }

    private static int parked(TomcatServer tomcat) throws Exception {
        return Integer.parseInt(tomcat.protocolAttribute(HYBRID, "parkedCount"));
    }
}
