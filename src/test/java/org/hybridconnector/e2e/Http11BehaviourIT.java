package org.hybridconnector.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The HTTP/1.1 rules of RFC 9112 that the endpoint must not break when bytes arrive split, when
 * pipelined requests leave bytes behind or when a body is half read. Each case runs against the
 * hybrid connector and against stock NIO in the same Tomcat: both must behave the same.
 */
@ExtendWith(SharedTomcat.class)
class Http11BehaviourIT {

    @ParameterizedTest
    @ValueSource(strings = { SharedTomcat.NIO, SharedTomcat.HYBRID })
    void testPipelining(String connector, TomcatServer tomcat) throws Exception {
        StringBuilder requests = new StringBuilder();
        for (int i = 0; i < 50; i++) {
            requests.append(RawConnection.get("/probe/echo?n=" + i));
        }
        try (RawConnection connection = RawConnection.open(tomcat.port(connector))) {
            connection.send(requests.toString()); // all 50 in a single write
            for (int i = 0; i < 50; i++) {
                RawResponse response = connection.read();
                assertEquals(200, response.status());
                assertEquals("n=" + i + "\n", response.text(), "responses out of order");
            }
            // The connection is still usable after the pipeline.
            assertEquals("n=last\n", connection.send(RawConnection.get("/probe/echo?n=last")).read().text());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = { SharedTomcat.NIO, SharedTomcat.HYBRID })
    void testContentLengthRequestBody(String connector, TomcatServer tomcat) throws Exception {
        byte[] body = randomBytes(300_000, 1);
        try (RawConnection connection = RawConnection.open(tomcat.port(connector))) {
            connection.send("POST /probe/echo?n=cl HTTP/1.1\r\nHost: a\r\nContent-Type: application/octet-stream\r\n" +
                    "Content-Length: " + body.length + "\r\n\r\n");
            connection.send(body);
            assertEquals("n=cl length=300000 sha256=" + sha256(body) + "\n", connection.read().text());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = { SharedTomcat.NIO, SharedTomcat.HYBRID })
    void testChunkedRequestBody(String connector, TomcatServer tomcat) throws Exception {
        byte[] body = randomBytes(100_000, 2);
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        wire.write(("POST /probe/echo?n=chunked HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1));
        for (int off = 0; off < body.length; off += 7_777) {
            int n = Math.min(7_777, body.length - off);
            wire.write((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
            wire.write(body, off, n);
            wire.write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
        }
        wire.write("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
        try (RawConnection connection = RawConnection.open(tomcat.port(connector))) {
            connection.send(wire.toByteArray());
            assertEquals("n=chunked length=100000 sha256=" + sha256(body) + "\n", connection.read().text());
            // Keep-alive after a chunked body.
            assertEquals(200, connection.send(RawConnection.get("/probe/echo?n=2")).read().status());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = { SharedTomcat.NIO, SharedTomcat.HYBRID })
    void testLargeResponseIsChunked(String connector, TomcatServer tomcat) throws Exception {
        try (RawConnection connection = RawConnection.open(tomcat.port(connector))) {
            RawResponse response = connection.send(RawConnection.get("/probe/echo?size=1000000")).read();
            assertTrue(response.chunked(), "a body larger than the response buffer is sent chunked");
            assertEquals(1_000_000, response.body().length);
            assertEquals(200, connection.send(RawConnection.get("/probe/echo?n=after")).read().status());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = { SharedTomcat.NIO, SharedTomcat.HYBRID })
    void testHeadHasHeadersButNoBody(String connector, TomcatServer tomcat) throws Exception {
        try (RawConnection connection = RawConnection.open(tomcat.port(connector))) {
            RawResponse response = connection
                    .send("HEAD /examples/servlets/servlet/HelloWorldExample HTTP/1.1\r\nHost: a\r\n\r\n").read(true);
            assertEquals(200, response.status());
            assertTrue(response.header("content-type").startsWith("text/html"));
            // The next response on the connection starts right away: no body bytes were sent.
            assertEquals("n=1\n", connection.send(RawConnection.get("/probe/echo?n=1")).read().text());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = { SharedTomcat.NIO, SharedTomcat.HYBRID })
    void testExpectContinue(String connector, TomcatServer tomcat) throws Exception {
        byte[] body = randomBytes(5000, 3);
        try (RawConnection connection = RawConnection.open(tomcat.port(connector))) {
            connection.send("POST /probe/echo?n=expect HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\n" +
                    "Content-Length: 5000\r\n\r\n");
            RawResponse interim = connection.readIncludingInterim(false);
            assertEquals(100, interim.status(), "the client must be told to send its body");
            connection.send(body);
            assertEquals("n=expect length=5000 sha256=" + sha256(body) + "\n", connection.read().text());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = { SharedTomcat.NIO, SharedTomcat.HYBRID })
    void testConnectionCloseIsHonoured(String connector, TomcatServer tomcat) throws Exception {
        try (RawConnection connection = RawConnection.open(tomcat.port(connector))) {
            RawResponse response = connection.send(RawConnection.get("/probe/echo?n=1", "Connection: close\r\n"))
                    .read();
            assertTrue(response.closesConnection());
            assertTrue(connection.awaitClose(5000), "the server must close after Connection: close");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = { SharedTomcat.NIO, SharedTomcat.HYBRID })
    void testHttp10KeepAlive(String connector, TomcatServer tomcat) throws Exception {
        try (RawConnection connection = RawConnection.open(tomcat.port(connector))) {
            String request = "GET /examples/servlets/servlet/HelloWorldExample HTTP/1.0\r\nConnection: keep-alive\r\n\r\n";
            RawResponse first = connection.send(request).read();
            assertEquals(200, first.status());
            assertFalse(first.closesConnection());
            assertEquals(200, connection.send(request).read().status());
        }
        try (RawConnection connection = RawConnection.open(tomcat.port(connector))) {
            RawResponse response = connection.send("GET /probe/echo?n=1 HTTP/1.0\r\n\r\n").read();
            assertEquals(200, response.status());
            assertTrue(connection.awaitClose(5000), "HTTP/1.0 without keep-alive is closed after one response");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = { SharedTomcat.NIO, SharedTomcat.HYBRID })
    void testUnreadBodyIsSwallowedBeforeTheNextRequest(String connector, TomcatServer tomcat) throws Exception {
        byte[] body = randomBytes(20_000, 4);
        try (RawConnection connection = RawConnection.open(tomcat.port(connector))) {
            // The slow servlet answers a POST without reading its body.
            connection.send("POST /probe/slow?ms=0 HTTP/1.1\r\nHost: a\r\n" +
                    "Content-Type: application/octet-stream\r\nContent-Length: " + body.length + "\r\n\r\n");
            connection.send(body);
            connection.send(RawConnection.get("/probe/echo?n=next"));
            assertEquals(200, connection.read().status());
            assertEquals("n=next\n", connection.read().text());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = { SharedTomcat.NIO, SharedTomcat.HYBRID })
    void testRequestHeadSplitAcrossManyWrites(String connector, TomcatServer tomcat) throws Exception {
        String request = RawConnection.get("/probe/echo?n=split", "X-Padding: " + "p".repeat(3000) + "\r\n");
        try (RawConnection connection = RawConnection.open(tomcat.port(connector))) {
            for (int off = 0; off < request.length(); off += 500) {
                connection.send(request.substring(off, Math.min(request.length(), off + 500)));
                Thread.sleep(20);
            }
            assertEquals("n=split\n", connection.read().text());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = { SharedTomcat.NIO, SharedTomcat.HYBRID })
    void testMissingHostIsABadRequest(String connector, TomcatServer tomcat) throws Exception {
        try (RawConnection connection = RawConnection.open(tomcat.port(connector))) {
            RawResponse response = connection.send("GET /probe/echo?n=1 HTTP/1.1\r\n\r\n").read();
            assertEquals(400, response.status());
            assertTrue(connection.awaitClose(5000));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = { SharedTomcat.NIO, SharedTomcat.HYBRID })
    void testContentLengthWithChunkedIsNotSmuggled(String connector, TomcatServer tomcat) throws Exception {
        // RFC 9112 6.3: with both, chunked wins and the connection must not be reused.
        try (RawConnection connection = RawConnection.open(tomcat.port(connector))) {
            connection.send("POST /probe/echo?n=both HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\n" +
                    "Transfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n" + RawConnection.get("/probe/echo?n=smuggled"));
            RawResponse response = connection.read();
            assertTrue(response.status() == 400 || response.text().startsWith("n=both length=3"),
                    response.statusLine());
            assertTrue(connection.awaitClose(5000), "the connection must close, not serve the smuggled request");
        }
    }

    @Test
    void testBothConnectorsSendTheSameBytesForAStaticFile(TomcatServer tomcat) throws Exception {
        byte[] nio;
        byte[] hybrid;
        try (RawConnection connection = RawConnection.open(tomcat.port(SharedTomcat.NIO))) {
            nio = connection.send(RawConnection.get("/examples/images/code.gif")).read().body();
        }
        try (RawConnection connection = RawConnection.open(tomcat.port(SharedTomcat.HYBRID))) {
            hybrid = connection.send(RawConnection.get("/examples/images/code.gif")).read().body();
        }
        assertTrue(nio.length > 0);
        assertArrayEquals(nio, hybrid);
    }

    @Test
    void testMaxKeepAliveRequests(TomcatServer tomcat) throws Exception {
        try (RawConnection connection = RawConnection.open(tomcat.port(SharedTomcat.HYBRID_SHORT_KEEPALIVE))) {
            for (int i = 1; i <= 2; i++) {
                RawResponse response = connection.send(RawConnection.get("/probe/echo?n=" + i)).read();
                assertFalse(response.closesConnection(), "request " + i + " of 3 keeps the connection");
            }
            RawResponse third = connection.send(RawConnection.get("/probe/echo?n=3")).read();
            assertEquals("n=3\n", third.text());
            assertTrue(third.closesConnection(), "the third request is the last one: maxKeepAliveRequests=3");
            assertTrue(connection.awaitClose(5000));
        }
    }

    @Test
    void testKeepAliveTimeout(TomcatServer tomcat) throws Exception {
        try (RawConnection connection = RawConnection.open(tomcat.port(SharedTomcat.HYBRID_SHORT_KEEPALIVE))) {
            assertEquals(200, connection.send(RawConnection.get("/probe/echo?n=1")).read().status());
            long idleSince = System.nanoTime();
            assertFalse(connection.awaitClose(600), "closed before keepAliveTimeout (1 s)");
            assertTrue(connection.awaitClose(3000), "still open well after keepAliveTimeout (1 s)");
            long idleMillis = (System.nanoTime() - idleSince) / 1_000_000;
            assertTrue(idleMillis >= 900 && idleMillis < 3000, "closed after " + idleMillis + " ms");
        }
        long closedForIdleness = Long.parseLong(
                tomcat.protocolAttribute(SharedTomcat.HYBRID_SHORT_KEEPALIVE, "idleClosedCount"));
        assertTrue(closedForIdleness >= 1, "the connector counts connections closed for idleness");
    }

    @Test
    void testNoResponseHeaderSaysWhichConnectorServed(TomcatServer tomcat) throws Exception {
        try (RawConnection connection = RawConnection.open(tomcat.port(SharedTomcat.HYBRID))) {
            RawResponse response = connection.send(RawConnection.get("/probe/echo?n=1")).read();
            assertNull(response.header("server"), "like stock Tomcat, no Server header unless configured");
        }
    }

    /**
     * Tomcat 11.0.x's {@code Http11Processor} sets its HTTP/0.9 flag only once a request line has
     * parsed and keeps it through {@code recycle()}, so a request line rejected with a 400 on a
     * processor whose last request was HTTP/0.9 is answered without a status line or header fields.
     * Processors are pooled last-in first-out, so the next connection gets that processor. The
     * hybrid uses Coyote's processors and must answer exactly as stock NIO does, whichever way
     * Tomcat answers.
     */
    @Test
    void testBadRequestLineAfterAnHttp09RequestIsAnsweredLikeStock(TomcatServer tomcat) throws Exception {
        String nio = badRequestLineAfterHttp09(tomcat.port(SharedTomcat.NIO));
        String hybrid = badRequestLineAfterHttp09(tomcat.port(SharedTomcat.HYBRID));
        assertEquals(nio, hybrid);
    }

    /** How a bad request line sent just after an HTTP/0.9 request is answered: its status line, or the lack of one. */
    private static String badRequestLineAfterHttp09(int port) throws Exception {
        try (RawConnection connection = RawConnection.open(port)) {
            byte[] reply = connection.send("GET /probe/echo?n=09\r\n").readToEnd();
            assertEquals("n=09\n", new String(reply, StandardCharsets.ISO_8859_1), "HTTP/0.9: the body alone");
        }
        try (RawConnection connection = RawConnection.open(port)) {
            String reply = new String(connection.send("GET /probe/echo?n=1 FTP/1.1\r\nHost: a\r\n\r\n").readToEnd(),
                    StandardCharsets.ISO_8859_1);
            return reply.startsWith("HTTP/") ? reply.lines().findFirst().orElseThrow()
                    : "no status line: " + reply.substring(0, Math.min(reply.length(), 40));
        }
    }

    private static byte[] randomBytes(int n, long seed) {
        byte[] bytes = new byte[n];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    private static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }
}
