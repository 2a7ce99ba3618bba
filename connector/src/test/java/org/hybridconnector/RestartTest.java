package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedInputStream;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import org.apache.coyote.Request;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A connector stopped while requests wait for its one worker, whose request outlasts
 * {@code executorTerminationTimeoutMillis}, then started again, as a JMX client may: the requests
 * the stop dropped unrun leave nothing counted, so the paper's rule lets the next client in.
 */
@Timeout(60)
class RestartTest {

    @RegisterExtension
    final LoopbackProtocol server = new LoopbackProtocol();

    @Test
    void testRequestsAStopDroppedLeaveNoWorkCountedAfterARestart() throws Exception {
        CountDownLatch held = new CountDownLatch(1);
        server.start(new PlainTextAdapter() {
            @Override
            protected String body(Request req) throws Exception {
                if (req.requestURI().toString().equals("/hold")) {
                    held.countDown();
                    new CountDownLatch(1).await(); // until the stop interrupts the worker
                }
                return "ok";
            }
        }, protocol -> {
            protocol.setMaxThreads("1");
            protocol.setProperty("executorTerminationTimeoutMillis", "300");
        });
        List<Socket> clients = new ArrayList<>();
        try {
            // Two keep-alive clients let in while the worker is free, then its one request held.
            for (int i = 0; i < 2; i++) {
                clients.add(server.connect());
            }
            assertTrue(server.await(HybridProtocol::getParkedCount, 2), "the two clients never parked");
            Socket hold = server.connect();
            clients.add(hold);
            LoopbackProtocol.get(hold, "/hold");
            held.await();
            // Their requests wait for the worker: the paper's rule lets nobody else in meanwhile.
            LoopbackProtocol.get(clients.get(0), "/a");
            LoopbackProtocol.get(clients.get(1), "/b");
            assertTrue(server.await(HybridProtocol::getReadyCount, 2), "the requests never waited for the worker");

            HybridProtocol protocol = server.protocol();
            protocol.pause();
            protocol.stop();
            protocol.start();
        } finally {
            for (Socket client : clients) {
                client.close();
            }
        }
        assertEquals(0, server.protocol().getReadyCount(), "requests the stop dropped still count as waiting");
        try (Socket client = server.connect()) {
            LoopbackProtocol.get(client, "/after");
            String status = ReplyLines.line(new BufferedInputStream(client.getInputStream()));
            assertTrue(status.startsWith("HTTP/1.1 200"), status);
        }
    }
}
