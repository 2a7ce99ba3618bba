package org.hybridconnector.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code pause} and {@code resume} through the Connector MBean, as the Manager or a JMX console
 * would call them: while paused the connector takes in no connection (a new client waits in the
 * backlog, its socket still bound), and after {@code resume} that client is served.
 */
@ExtendWith(SharedTomcat.class)
class PauseResumeIT {

    @Test
    void testPausedConnectorServesWaitingClientsAfterResume(TomcatServer tomcat) throws Exception {
        String connector = SharedTomcat.HYBRID_PAUSABLE;
        int port = tomcat.port(connector);
        tomcat.invokeConnector(connector, "pause");
        try {
            CompletableFuture<RawResponse> waiting = CompletableFuture.supplyAsync(() -> {
                try (RawConnection connection = RawConnection.open(port)) {
                    return connection.send(RawConnection.get("/probe/echo?n=paused", "Connection: close\r\n")).read();
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            assertThrows(TimeoutException.class, () -> waiting.get(1, TimeUnit.SECONDS),
                    "a paused connector must not serve new connections");
            tomcat.invokeConnector(connector, "resume");
            assertEquals("n=paused\n", waiting.get(10, TimeUnit.SECONDS).text());
        } finally {
            tomcat.invokeConnector(connector, "resume");
        }
        // And it keeps serving afterwards, under its connection limit again.
        try (RawConnection connection = RawConnection.open(port)) {
            assertEquals(200, connection.send(RawConnection.get("/probe/echo?n=after")).read().status());
        }
        assertEquals("8192", tomcat.threadPoolAttribute(connector, "maxConnections"));
    }
}
