package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.coyote.Request;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A paused connector (Tomcat pauses its connectors first when it stops) refuses a request that
 * arrives on a parked kept-alive connection as stock NIO does: the connection closes before the
 * first byte of a response, and the webapp never sees the request, so a client may safely send it
 * again.
 * <p>
 * The pause lands once the connection is parked. While a worker's turn still runs, Coyote looks at
 * the pause before and after reading a request line, and one that lands between the two looks gets
 * Coyote's 400 instead (as on stock NIO; {@code docs/design.md}, "Lifecycle"): pausing as soon as
 * the first response was read made this test fail now and then on a loaded machine.
 */
class PausedRefusalTest {

    private static final String REQUEST = "GET /bid HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";

    @RegisterExtension
    final LoopbackProtocol server = new LoopbackProtocol();

    @Test
    void testRequestAfterPauseIsClosedUnansweredAndNeverReachesTheWebapp() throws Exception {
        AtomicInteger served = new AtomicInteger();
        server.start(new PlainTextAdapter() {
            @Override
            protected String body(Request req) {
                return "served " + served.incrementAndGet();
            }
        }, protocol -> protocol.setMaxThreads("2"));

        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
            socket.setSoTimeout(5_000);
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            out.write(REQUEST.getBytes(StandardCharsets.ISO_8859_1));
            String first = readUntilClosedOr(in, "served 1");
            assertTrue(first.startsWith("HTTP/1.1 200"), first);
            assertTrue(server.await(HybridProtocol::getParkedCount, 1), "the connection never parked");

            server.protocol().pause();
            out.write(REQUEST.getBytes(StandardCharsets.ISO_8859_1));
            assertEquals("", readUntilClosedOr(in, null), "a paused connector answered");
        }
        assertEquals(1, served.get(), "the request sent while paused reached the webapp");
    }

    /** Reads until {@code end} has been seen, or (with {@code null}) until the server closes. */
    private static String readUntilClosedOr(InputStream in, String end) throws IOException {
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        for (int b = in.read(); b >= 0; b = in.read()) {
            got.write(b);
            if (end != null && got.toString(StandardCharsets.ISO_8859_1).endsWith(end)) {
                break;
            }
        }
        return got.toString(StandardCharsets.ISO_8859_1);
    }
}
