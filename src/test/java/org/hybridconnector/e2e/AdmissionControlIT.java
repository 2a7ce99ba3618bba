package org.hybridconnector.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The paper's admission rule: while every worker is busy, the acceptor takes in no connection. New
 * clients wait in the kernel backlog, are counted as held back, and are served once a worker frees.
 */
@ExtendWith(SharedTomcat.class)
class AdmissionControlIT {

    @Test
    void testNewConnectionWaitsInTheBacklogWhileBothWorkersAreBusy(TomcatServer tomcat) throws Exception {
        String connector = SharedTomcat.HYBRID_TWO_WORKERS;
        int port = tomcat.port(connector);
        long heldBackBefore = Long.parseLong(tomcat.protocolAttribute(connector, "heldBackCount"));

        List<CompletableFuture<RawResponse>> slow = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            slow.add(CompletableFuture.supplyAsync(() -> fetch(port, "/probe/slow?ms=3000")));
        }
        awaitBusyWorkers(tomcat, connector, 2);

        long sent = System.nanoTime();
        CompletableFuture<RawResponse> third = CompletableFuture.supplyAsync(() -> fetch(port, "/probe/echo?n=3"));
        assertThrows(TimeoutException.class, () -> third.get(1, TimeUnit.SECONDS),
                "the third request was served while both workers were busy");
        assertEquals("2", tomcat.threadPoolAttribute(connector, "connectionCount"),
                "the third connection must wait in the backlog, not be accepted; fresh=" +
                        tomcat.threadPoolAttribute(connector, "freshCount") + " ready=" +
                        tomcat.threadPoolAttribute(connector, "readyCount") + " busy=" +
                        tomcat.threadPoolAttribute(connector, "currentThreadsBusy") + " parked=" +
                        tomcat.threadPoolAttribute(connector, "parkedCount"));
        assertEquals("true", tomcat.protocolAttribute(connector, "acceptorHeldBack"));
        long heldBack = Long.parseLong(tomcat.protocolAttribute(connector, "heldBackCount"));
        assertTrue(heldBack > heldBackBefore, "the connector must count the held-back connection");

        for (CompletableFuture<RawResponse> request : slow) {
            assertEquals(200, request.get(20, TimeUnit.SECONDS).status());
        }
        assertEquals("n=3\n", third.get(20, TimeUnit.SECONDS).text());
        long waitedMillis = (System.nanoTime() - sent) / 1_000_000;
        assertTrue(waitedMillis >= 1500, "the third request was answered after only " + waitedMillis + " ms");
    }

    @Test
    void testSilentConnectionsDoNotKeepTheAcceptorShut(TomcatServer tomcat) throws Exception {
        int port = tomcat.port(SharedTomcat.HYBRID_TWO_WORKERS);
        List<java.net.Socket> silent = new ArrayList<>();
        try {
            for (int i = 0; i < 20; i++) {
                silent.add(new java.net.Socket(java.net.InetAddress.getLoopbackAddress(), port));
            }
            long start = System.nanoTime();
            assertEquals("n=heard\n", fetch(port, "/probe/echo?n=heard").text());
            long millis = (System.nanoTime() - start) / 1_000_000;
            // Each silent connection counts as coming work only for a short grace, not until
            // connectionTimeout: twenty of them cost the acceptor about half a second at most.
            assertTrue(millis < 3000, "a client waited " + millis + " ms behind 20 silent connections");
        } finally {
            for (java.net.Socket socket : silent) {
                socket.close();
            }
        }
    }

    private static void awaitBusyWorkers(TomcatServer tomcat, String connector, int busy) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (Integer.parseInt(tomcat.threadPoolAttribute(connector, "currentThreadsBusy")) < busy) {
            assertTrue(System.nanoTime() < deadline, "the slow requests never occupied both workers");
            Thread.sleep(20);
        }
    }

    private static RawResponse fetch(int port, String path) {
        try (RawConnection connection = RawConnection.open(port)) {
            return connection.send(RawConnection.get(path, "Connection: close\r\n")).read();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
