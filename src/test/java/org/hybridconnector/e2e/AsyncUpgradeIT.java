package org.hybridconnector.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import javax.net.ssl.SSLContext;

import org.hybridconnector.e2e.probe.AsyncEchoHandler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An internal upgrade handler doing all its I/O with Coyote's asynchronous vectored API (as
 * HTTP/2 and WebSocket do when {@code useAsyncIO} is on), beside stock NIO, in the clear and over
 * TLS: the same frames come back, the operations return the same {@code CompletionState}s, a read
 * waits for a client that sends in pieces, a large echo goes on over many writes, a payload that
 * stops coming times out, and an upgraded connection waiting for its client holds no worker.
 * The protocol is {@link AsyncEchoHandler}'s.
 */
@ExtendWith(SharedTomcat.class)
class AsyncUpgradeIT {

    private static final String[] PLAIN = { SharedTomcat.NIO, SharedTomcat.HYBRID };
    private static final String[] TLS = { SharedTomcat.NIO_TLS, SharedTomcat.HYBRID_TLS };
    /** More than the socket buffers between server and client hold, so the echo needs many writes. */
    private static final int LARGE = 8 << 20;
    /** The client's receive buffer for the large echoes. */
    private static final int SMALL_RECEIVE_BUFFER = 64 * 1024;

    private final SSLContext tlsClient = TestKeystore.clientContext();

    @Test
    void testEchoesAndAReadThatWaitsForTheClientAnswerAsOnNio(TomcatServer tomcat) throws Exception {
        List<String> expected = List.of("E 1000 same", "S read=INLINE write=INLINE", "N 0", "W 100 same",
                "S read=PENDING write=INLINE", "B 50 same", "S read=INLINE write=INLINE", "closed");
        for (String[] pair : new String[][] { PLAIN, TLS }) {
            for (String connector : pair) {
                assertEquals(expected, conversation(tomcat, connector, pair == TLS), connector);
            }
        }
    }

    @Test
    void testLargeEchoesGoOnOverManyWritesAsOnNio(TomcatServer tomcat) throws Exception {
        List<String> expected = List.of("PENDING", "E " + LARGE + " same", "B " + LARGE + " same", "closed",
                "SocketTimeoutException");
        for (String[] pair : new String[][] { PLAIN, TLS }) {
            for (String connector : pair) {
                List<String> transcript = largeEchoes(tomcat, connector, pair == TLS);
                String stuckWrite = transcript.remove(transcript.size() - 1);
                assertEquals(expected, transcript, connector);
                // Stock NIO's BLOCK write races with its own poller: if the poller times the write
                // out before the waiting caller wakes, the caller is told DONE, otherwise ERROR
                // (SocketWrapperBase.vectoredOperation). Either way the handler hears the time-out,
                // as checked above. The hybrid's caller alone times its write out: always ERROR.
                if (connector.startsWith(SharedTomcat.HYBRID)) {
                    assertEquals("ERROR", stuckWrite, connector);
                } else {
                    assertTrue(stuckWrite.equals("ERROR") || stuckWrite.equals("DONE"), connector + ": " + stuckWrite);
                }
            }
        }
    }

    @Test
    void testAPayloadThatStopsComingTimesOutAsOnNio(TomcatServer tomcat) throws Exception {
        for (String connector : PLAIN) {
            try (RawConnection connection = upgrade(tomcat, connector, false, "?timeout=1000", -1)) {
                long start = System.nanoTime();
                connection.send(frame('E', 100, new byte[10]));
                String answer = new String(connection.readToEnd(), StandardCharsets.US_ASCII);
                long millis = (System.nanoTime() - start) / 1_000_000;
                assertEquals("failed: SocketTimeoutException\n", answer, connector);
                assertTrue(millis >= 900 && millis < 15_000, connector + " timed out after " + millis + " ms");
            }
        }
    }

    @Test
    void testAnUpgradedConnectionWaitingForItsClientHoldsNoWorker(TomcatServer tomcat) throws Exception {
        // One worker: while the upgraded connection waits for its next frame, it must be free.
        String connector = SharedTomcat.HYBRID_ONE_WORKER;
        try (RawConnection upgraded = upgrade(tomcat, connector, false, "", -1)) {
            for (int i = 0; i < 3; i++) {
                try (RawConnection other = RawConnection.open(tomcat.port(connector), 5000)) {
                    assertEquals("n=" + i + "\n",
                            other.send(RawConnection.get("/probe/echo?n=" + i, "Connection: close\r\n")).read().text());
                }
            }
            byte[] payload = bytes(300);
            upgraded.send(frame('E', payload.length, payload));
            assertEquals("E 300 same", readFrame(upgraded, payload));
        }
    }

    // ---------------------------------------------------------------- scenarios

    private List<String> conversation(TomcatServer tomcat, String connector, boolean tls) throws IOException {
        List<String> transcript = new ArrayList<>();
        try (RawConnection connection = upgrade(tomcat, connector, tls, "", -1)) {
            byte[] small = bytes(1000);
            connection.send(frame('E', small.length, small));
            transcript.add(readFrame(connection, small));
            transcript.add(states(connection));

            // The payload comes in two pieces; the second only once the server says it waits for it.
            byte[] piece = bytes(100);
            connection.send(frame('W', piece.length, Arrays.copyOf(piece, 10)));
            transcript.add(readFrame(connection, null));
            connection.send(Arrays.copyOfRange(piece, 10, piece.length));
            transcript.add(readFrame(connection, piece));
            transcript.add(states(connection));

            byte[] blocking = bytes(50);
            connection.send(frame('B', blocking.length, blocking));
            transcript.add(readFrame(connection, blocking));
            transcript.add(states(connection));

            connection.send(frame('Q', 0, new byte[0]));
            transcript.add(connection.awaitClose(10_000) ? "closed" : "still open");
        }
        return transcript;
    }

    private List<String> largeEchoes(TomcatServer tomcat, String connector, boolean tls) throws IOException {
        List<String> transcript = new ArrayList<>();
        byte[] large = bytes(LARGE);
        String id = connector + "-" + System.nanoTime();
        try (RawConnection connection = upgrade(tomcat, connector, tls, "?id=" + id, SMALL_RECEIVE_BUFFER)) {
            // The client reads nothing until the SEMI_BLOCK echo write has returned: the echo fills
            // the socket buffers, so the write must say PENDING and go on while the client reads.
            connection.send(frame('E', large.length, large));
            transcript.add(tomcat.probe("upgrade-echo?await=" + id + "&echo=1"));
            transcript.add(readFrame(connection, large));
            // A BLOCK write whose client reads meanwhile: its caller waits until it is all sent.
            connection.send(frame('B', large.length, large));
            transcript.add(readFrame(connection, large));
            connection.send(frame('Q', 0, new byte[0]));
            transcript.add(connection.awaitClose(10_000) ? "closed" : "still open");
        }
        // A BLOCK write to a client that never reads gives up after its time-out: its handler hears
        // of it, and its caller is told so (the state it returned comes last).
        String stuck = connector + "-stuck-" + System.nanoTime();
        try (RawConnection connection = upgrade(tomcat, connector, tls, "?id=" + stuck + "&writeTimeout=1000",
                SMALL_RECEIVE_BUFFER)) {
            connection.send(frame('B', large.length, large));
            transcript.add(tomcat.probe("upgrade-echo?await=" + stuck + "&failure"));
            transcript.add(tomcat.probe("upgrade-echo?await=" + stuck + "&echo=1"));
        }
        return transcript;
    }

    // ------------------------------------------------------------------ helpers

    private RawConnection upgrade(TomcatServer tomcat, String connector, boolean tls, String query,
            int receiveBuffer) throws IOException {
        int port = tomcat.port(connector);
        RawConnection connection = tls ? RawConnection.openTls(port, tlsClient, receiveBuffer) :
                RawConnection.open(port, 30_000, receiveBuffer);
        RawResponse response = connection.send("GET /probe/upgrade-echo" + query +
                " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: echo\r\n\r\n")
                .readIncludingInterim(false);
        assertEquals(101, response.status(), connector + ": " + response.statusLine() + " " + response.text());
        assertEquals("echo", response.header("upgrade"), connector);
        return connection;
    }

    private static byte[] frame(char type, int length, byte[] payload) {
        return ByteBuffer.allocate(5 + payload.length).put((byte) type).putInt(length).put(payload).array();
    }

    /** The next frame, as {@code "<type> <length>"} and whether its payload is {@code expected}. */
    private static String readFrame(RawConnection connection, byte[] expected) throws IOException {
        ByteBuffer head = ByteBuffer.wrap(connection.readBytes(5));
        char type = (char) head.get();
        int length = head.getInt();
        byte[] payload = connection.readBytes(length);
        String description = type + " " + length;
        if (expected != null) {
            description += Arrays.equals(expected, payload) ? " same" : " different";
        }
        return description;
    }

    /** What the last payload read and echo write returned, by the server's {@code S} frame. */
    private static String states(RawConnection connection) throws IOException {
        connection.send(frame('S', 0, new byte[0]));
        ByteBuffer head = ByteBuffer.wrap(connection.readBytes(5));
        char type = (char) head.get();
        return type + " " + new String(connection.readBytes(head.getInt()), StandardCharsets.US_ASCII);
    }

    private static byte[] bytes(int n) {
        byte[] bytes = new byte[n];
        new Random(n).nextBytes(bytes);
        return bytes;
    }
}
