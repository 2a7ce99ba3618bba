package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import org.apache.coyote.Request;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The lingering close on real sockets of 127.0.0.1. A connection ended after its last response
 * (here by {@code maxKeepAliveRequests="1"}) half-closes and drops what its client still sends:
 * a request pipelined behind the last response must not turn the close into a reset, which would
 * discard the part of the response still in the server's send buffer. It closes for good when
 * the client does, or {@link Parks#LINGER_MILLIS} later, even if the client keeps sending.
 */
@Timeout(60)
class LingeringCloseTest {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    /** Far more than the client's small window, well within that and the server's send buffer together. */
    private static final int BODY_BYTES = 128 * 1024;
    /** {@code connectionCount} with no client: Tomcat's acceptor counts itself up before it blocks in accept(). */
    private static final int AT_REST = 1;
    private static final byte[] REQUEST = "GET /a HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);

    @RegisterExtension
    final LoopbackProtocol server = new LoopbackProtocol();

    @Test
    void testLastResponseArrivesWholeThoughARequestIsPipelinedBehindIt() throws Exception {
        start();
        try (Socket socket = new Socket()) {
            // A small window keeps most of the body in the server's send buffer when it closes.
            socket.setReceiveBufferSize(4096);
            socket.connect(new InetSocketAddress(LOOPBACK, server.port()));
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(REQUEST);
            out.write(REQUEST);
            out.flush();
            // The worker has written the whole response and handed the connection over to close.
            assertTrue(server.await(HybridProtocol::getLingeringCount, 1), "the connection never lingered");

            InputStream in = new BufferedInputStream(socket.getInputStream());
            assertTrue(readHead(in).contains("connection: close"));
            assertEquals(BODY_BYTES, in.readNBytes(BODY_BYTES).length, "the body arrived whole");
            assertEquals(-1, in.read(), "the end of the stream follows the last response, and no second one");
        }
        assertTrue(server.await(HybridProtocol::getLingeringCount, 0), "still lingering after the client closed");
        assertTrue(server.await(p -> (int) p.getConnectionCount(), AT_REST), "the connection was never closed");
    }

    @Test
    void testClientThatKeepsSendingIsClosedAfterTheLingerTime() throws Exception {
        start();
        try (Socket socket = new Socket(LOOPBACK, server.port())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(REQUEST);
            out.flush();
            InputStream in = new BufferedInputStream(socket.getInputStream());
            readHead(in);
            assertEquals(BODY_BYTES, in.readNBytes(BODY_BYTES).length);
            assertEquals(-1, in.read(), "half-closed after the last response");
            assertEquals(1, server.protocol().getLingeringCount());

            // Requests the server drops, until its close resets the connection under the client.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            assertThrows(IOException.class, () -> {
                while (System.nanoTime() - deadline < 0) {
                    out.write(REQUEST);
                    out.flush();
                }
            }, "the server never closed a client that kept sending");
        }
        assertTrue(server.await(HybridProtocol::getLingeringCount, 0), "still lingering after the linger time");
        assertTrue(server.await(p -> (int) p.getConnectionCount(), AT_REST), "the connection was never closed");
    }

    @Test
    void testStepsQueuedAfterTheCloseBeganFindItClosed() throws Exception {
        start();
        try (Socket socket = new Socket(LOOPBACK, server.port())) {
            socket.setSoTimeout(10_000);
            assertTrue(server.await(p -> server.endpoint().getConnections().size(), 1), "never accepted");
            HybridSocketWrapper wrapper = (HybridSocketWrapper) server.endpoint().getConnections().iterator().next();
            socket.getOutputStream().write(REQUEST);
            InputStream in = new BufferedInputStream(socket.getInputStream());
            readHead(in);
            assertEquals(BODY_BYTES, in.readNBytes(BODY_BYTES).length);
            assertEquals(-1, in.read(), "half-closed after the last response");
            // A late turn's hand-back while the connection lingers, which it does until the linger
            // time ends, since this client keeps its side open.
            wrapper.handBack().awaitHead();
            assertTrue(server.await(HybridProtocol::getLingeringCount, 0), "still lingering after the linger time");
        }
        assertTrue(server.await(HybridProtocol::getParkedCount, 0), "a closed connection counts as parked");
        assertTrue(server.await(p -> (int) p.getConnectionCount(), AT_REST), "the connection was never closed");
    }

    private void start() throws Exception {
        String body = "x".repeat(BODY_BYTES);
        server.start(new PlainTextAdapter() {
            @Override
            protected String body(Request req) {
                return body;
            }
        }, protocol -> {
            protocol.setMaxThreads("2");
            protocol.setMaxKeepAliveRequests("1");
            // Fixed, so that the response fits whole in the kernel's buffers before the client reads.
            protocol.setProperty("socket.txBufSize", Integer.toString(4 * BODY_BYTES));
        });
    }


    /** Reads a 200 reply's head, lower case, and checks that it promises {@link #BODY_BYTES}. */
    private static String readHead(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        for (String line = ReplyLines.line(in); !line.isEmpty(); line = ReplyLines.line(in)) {
            head.append(line.toLowerCase(Locale.ROOT)).append('\n');
        }
        assertTrue(head.toString().startsWith("http/1.1 200"), head.toString());
        assertTrue(head.toString().contains("content-length: " + BODY_BYTES + "\n"), head.toString());
        return head.toString();
    }
}
