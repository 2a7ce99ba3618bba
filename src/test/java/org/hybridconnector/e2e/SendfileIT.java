package org.hybridconnector.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Large static files go out by sendfile: a worker starts the transfer and the selector finishes
 * it as the client reads, so a client that reads slowly, or stops, holds no worker. The shared
 * Tomcat's one-worker connector has a 2 s {@code connectionTimeout}.
 */
@ExtendWith(SharedTomcat.class)
class SendfileIT {

    private static final byte[] LARGE = SharedTomcat.largeFileBytes();

    /** A receive buffer small enough that the server's writes stop soon after the client's reads. */
    private static final int SMALL_WINDOW = 16 * 1024;

    /** A client with a small receive window that asks for the large file and has read none of it yet. */
    private static RawConnection askForTheLargeFile(int port) throws IOException {
        RawConnection connection = RawConnection.open(port, 10_000, SMALL_WINDOW);
        try {
            return connection.send(RawConnection.get(SharedTomcat.LARGE_FILE));
        } catch (IOException e) {
            connection.close();
            throw e;
        }
    }

    @ParameterizedTest
    @ValueSource(strings = { SharedTomcat.NIO, SharedTomcat.HYBRID })
    void testLargeFileComesWholeAndTheConnectionGoesOn(String connector, TomcatServer tomcat) throws Exception {
        try (RawConnection connection = RawConnection.open(tomcat.port(connector))) {
            // Pipelined: the echo request is already buffered when the file transfer ends.
            connection.send(RawConnection.get(SharedTomcat.LARGE_FILE) + RawConnection.get("/probe/echo?n=next"));
            RawResponse file = connection.read();
            assertEquals(200, file.status());
            assertEquals(String.valueOf(LARGE.length), file.header("content-length"));
            assertArrayEquals(LARGE, file.body());
            assertEquals("n=next\n", connection.read().text());

            // Kept alive after the transfer, then closed after one the client asked to close.
            connection.send(RawConnection.get(SharedTomcat.LARGE_FILE));
            assertArrayEquals(LARGE, connection.read().body());
            connection.send(RawConnection.get(SharedTomcat.LARGE_FILE, "Connection: close\r\n"));
            assertArrayEquals(LARGE, connection.read().body());
            assertTrue(connection.awaitClose(5000), "the connection must close after Connection: close");
        }
    }

    @Test
    void testClientThatPausesReadingHoldsNoWorkerAndGetsTheWholeFile(TomcatServer tomcat) throws Exception {
        int port = tomcat.port(SharedTomcat.HYBRID_ONE_WORKER);
        try (RawConnection paused = askForTheLargeFile(port)) {
            Thread.sleep(300);

            // The only worker is free while the paused client's file waits in the selector.
            for (int i = 0; i < 3; i++) {
                long t0 = System.nanoTime();
                try (RawConnection other = RawConnection.open(port)) {
                    assertEquals("n=" + i + "\n", other.send(RawConnection.get("/probe/echo?n=" + i)).read().text());
                }
                long millis = (System.nanoTime() - t0) / 1_000_000;
                assertTrue(millis < 1000, "a client waited " + millis + " ms behind one that does not read");
            }

            // Well within connectionTimeout, the paused client reads on and gets every byte.
            assertArrayEquals(LARGE, paused.read().body());
        }
    }

    @Test
    void testClientThatStopsReadingIsClosedAfterConnectionTimeout(TomcatServer tomcat) throws Exception {
        int port = tomcat.port(SharedTomcat.HYBRID_ONE_WORKER);
        try (RawConnection stopped = askForTheLargeFile(port)) {
            Thread.sleep(5000);
            // What was in flight arrives, then the end of the stream: the response is cut short.
            RawResponse response = stopped.read();
            assertEquals(200, response.status());
            assertTrue(response.body().length < LARGE.length,
                    "a client that took no byte for 5 s (connectionTimeout 2 s) got all " + response.body().length);
        }
        try (RawConnection other = RawConnection.open(port)) {
            assertEquals("n=after\n", other.send(RawConnection.get("/probe/echo?n=after")).read().text());
        }
    }
}
