package org.hybridconnector.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A client that trickles its request head holds a buffer in the selector, never a worker: with a
 * single worker ({@code maxThreads="1"}, {@code connectionTimeout="2000"}) others are served while
 * it trickles, and it is closed once {@code connectionTimeout} has passed.
 */
@ExtendWith(SharedTomcat.class)
class SlowClientIT {

    @Test
    void testTricklingClientDoesNotHoldTheOnlyWorker(TomcatServer tomcat) throws Exception {
        int port = tomcat.port(SharedTomcat.HYBRID_ONE_WORKER);
        String head = "GET /probe/echo?n=trickler HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + "s".repeat(200) + "\r\n";
        AtomicBoolean trickling = new AtomicBoolean(true);
        try (RawConnection trickler = RawConnection.open(port, 10_000)) {
            long start = System.nanoTime();
            CountDownLatch midHead = new CountDownLatch(20);
            CompletableFuture<Long> closedAfter = CompletableFuture.supplyAsync(() -> {
                try {
                    for (int i = 0; i < head.length() && trickling.get(); i++) {
                        trickler.send(head.substring(i, i + 1));
                        midHead.countDown();
                        Thread.sleep(10); // the trickle itself: one byte every 10 ms
                    }
                } catch (IOException e) {
                    // The server closed on us mid-trickle: what the test expects.
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return Long.valueOf(System.nanoTime());
            });
            assertTrue(midHead.await(10, TimeUnit.SECONDS), "the trickler never got going");

            // While the trickler is mid-head, another client is served at once by the only worker.
            for (int i = 0; i < 5; i++) {
                long t0 = System.nanoTime();
                try (RawConnection other = RawConnection.open(port)) {
                    RawResponse response = other.send(RawConnection.get("/probe/echo?n=" + i)).read();
                    assertEquals("n=" + i + "\n", response.text());
                }
                long millis = (System.nanoTime() - t0) / 1_000_000;
                assertTrue(millis < 1000, "a well-behaved client waited " + millis + " ms behind a trickler");
            }

            assertTrue(trickler.awaitClose(5000), "the trickler must be closed at connectionTimeout");
            long closedMillis = (System.nanoTime() - start) / 1_000_000;
            trickling.set(false);
            closedAfter.get(10, TimeUnit.SECONDS);
            assertTrue(closedMillis >= 1800 && closedMillis < 4500,
                    "closed after " + closedMillis + " ms, connectionTimeout is 2000 ms");
        }
    }

    @Test
    void testSlowButCompleteHeadIsServed(TomcatServer tomcat) throws Exception {
        String request = RawConnection.get("/probe/echo?n=slow");
        try (RawConnection connection = RawConnection.open(tomcat.port(SharedTomcat.HYBRID_ONE_WORKER))) {
            for (int i = 0; i < request.length(); i++) {
                connection.send(request.substring(i, i + 1));
                Thread.sleep(5);
            }
            assertEquals("n=slow\n", connection.read().text());
        }
    }
}
