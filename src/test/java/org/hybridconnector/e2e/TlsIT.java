package org.hybridconnector.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * HTTPS through the hybrid connector: {@code SSLEnabled="true"} with a JSSE {@code <SSLHostConfig>}
 * and a PKCS12 keystore, served by the same selector and workers, with a handshake that never
 * holds a worker while the client is slow (the connector has one worker).
 */
@ExtendWith(SharedTomcat.class)
class TlsIT {

    private final SSLContext client = TestKeystore.clientContext();

    @Test
    void testHttpsRequestSeesASecureConnection(TomcatServer tomcat) throws Exception {
        for (String connector : new String[] { SharedTomcat.NIO_TLS, SharedTomcat.HYBRID_TLS }) {
            try (RawConnection connection = RawConnection.openTls(tomcat.port(connector), client)) {
                String body = connection.send(RawConnection.get("/probe/echo?tls=1")).read().text();
                assertTrue(body.startsWith("scheme=https secure=true cipher=TLS_"), connector + ": " + body);
            }
        }
        assertTrue(tomcat.consoleLog().contains("Starting ProtocolHandler [\"" +
                tomcat.connectorName(SharedTomcat.HYBRID_TLS) + "\"]"));
        assertTrue(tomcat.connectorName(SharedTomcat.HYBRID_TLS).startsWith("https-hybrid-"));
    }

    @Test
    void testSniHostNameIsCheckedAgainstTheHostHeaderAsOnStockNio(TomcatServer tomcat) throws Exception {
        String virtualHost = SharedTomcat.TLS_VIRTUAL_HOST;
        for (String host : new String[] { virtualHost, "localhost" }) {
            String request = "GET /probe/echo?n=1 HTTP/1.1\r\nHost: " + host + "\r\n\r\n";
            int[] status = new int[2];
            String[] connectors = { SharedTomcat.NIO_TLS, SharedTomcat.HYBRID_TLS };
            for (int i = 0; i < 2; i++) {
                try (RawConnection connection = RawConnection.openTls(tomcat.port(connectors[i]), client, virtualHost)) {
                    status[i] = connection.send(request).read().status();
                }
            }
            // Tomcat 11.0.15 and later refuse a Host whose <SSLHostConfig> is not the SNI name's
            // (strictSni); earlier releases serve both.
            assertEquals(status[0], status[1], "SNI " + virtualHost + ", Host " + host + ": NIO, then the hybrid");
            if (host.equals(virtualHost)) {
                assertEquals(200, status[1]);
            }
        }
    }

    @Test
    void testKeepAlivePipeliningAndBodiesOverTls(TomcatServer tomcat) throws Exception {
        byte[] body = new byte[300_000];
        new Random(7).nextBytes(body);
        try (RawConnection connection = RawConnection.openTls(tomcat.port(SharedTomcat.HYBRID_TLS), client)) {
            StringBuilder pipeline = new StringBuilder();
            for (int i = 0; i < 20; i++) {
                pipeline.append(RawConnection.get("/probe/echo?n=" + i));
            }
            connection.send(pipeline.toString());
            for (int i = 0; i < 20; i++) {
                assertEquals("n=" + i + "\n", connection.read().text());
            }
            assertEquals(1_000_000, connection.send(RawConnection.get("/probe/echo?size=1000000")).read().body().length);
            connection.send("POST /probe/echo?n=tls HTTP/1.1\r\nHost: a\r\nContent-Length: " + body.length + "\r\n\r\n");
            connection.send(body);
            String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body));
            assertEquals("n=tls length=300000 sha256=" + sha + "\n", connection.read().text());
        }
    }

    @Test
    void testSlowHandshakesDoNotHoldTheOnlyWorker(TomcatServer tomcat) throws Exception {
        int port = tomcat.port(SharedTomcat.HYBRID_TLS);
        List<Socket> slow = new ArrayList<>();
        try {
            for (int i = 0; i < 5; i++) {
                Socket silent = new Socket(InetAddress.getLoopbackAddress(), port);
                slow.add(silent);
                Socket trickler = new Socket(InetAddress.getLoopbackAddress(), port);
                trickler.getOutputStream().write(new byte[] { 0x16, 0x03, 0x01 }); // the start of a ClientHello
                slow.add(trickler);
            }
            long start = System.nanoTime();
            try (RawConnection connection = RawConnection.openTls(port, client)) {
                assertEquals("n=1\n", connection.send(RawConnection.get("/probe/echo?n=1")).read().text());
            }
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertTrue(millis < 1500, "a TLS client waited " + millis + " ms behind slow handshakes");
            for (Socket socket : slow) {
                socket.setSoTimeout(6000);
                long waited = System.nanoTime();
                try (InputStream in = socket.getInputStream()) {
                    assertEquals(-1, in.read(), "a stalled handshake must be closed, not answered");
                } catch (java.net.SocketException reset) {
                    // closed with a reset: also fine
                }
                assertTrue((System.nanoTime() - waited) / 1_000_000 < 6000);
            }
        } finally {
            for (Socket socket : slow) {
                socket.close();
            }
        }
    }

    @Test
    void testAClientSilentAfterItsHandshakeHasConnectionTimeoutAsOnStockNio(TomcatServer tomcat) throws Exception {
        // The connector gives a request head 2 s (connectionTimeout) and keeps an idle connection
        // between requests 30 s (keepAliveTimeout); a first request has the former, TLS or not.
        try (RawConnection connection = RawConnection.openTls(tomcat.port(SharedTomcat.HYBRID_TLS), client)) {
            assertTrue(connection.awaitClose(15_000), "a silent client was kept past connectionTimeout");
        }
    }

    @Test
    void testARenegotiationIsRefusedAndAKeyUpdateAnswered(TomcatServer tomcat) throws Exception {
        int port = tomcat.port(SharedTomcat.HYBRID_TLS);
        for (String protocol : new String[] { "TLSv1.2", "TLSv1.3" }) {
            SSLSocket socket = (SSLSocket) client.getSocketFactory().createSocket(InetAddress.getLoopbackAddress(),
                    port);
            socket.setEnabledProtocols(new String[] { protocol });
            socket.setSoTimeout(10_000);
            try (RawConnection connection = RawConnection.over(socket)) {
                assertEquals("n=1\n", connection.send(RawConnection.get("/probe/echo?n=1")).read().text(), protocol);
                // TLS 1.2: a renegotiation, whose key exchange the server would run on its selector
                // thread, where it reads the next head; TLS 1.3: a key update, one record to answer.
                String next;
                try {
                    socket.startHandshake();
                    next = connection.send(RawConnection.get("/probe/echo?n=2")).read().text();
                } catch (IOException refused) {
                    next = "refused";
                }
                assertEquals(protocol.equals("TLSv1.2") ? "refused" : "n=2\n", next, protocol);
            }
        }
    }

    @Test
    void testBytesThatAreNoClientHelloEndTheConnectionAsOnStockNio(TomcatServer tomcat) throws Exception {
        byte[] oversized = new byte[5 + 70_000]; // a record header claiming 65,535 bytes, then more than that
        oversized[0] = 0x16;
        oversized[1] = 0x03;
        oversized[2] = 0x01;
        oversized[3] = (byte) 0xff;
        oversized[4] = (byte) 0xff;
        byte[][] hellos = {
            new byte[5], // no TLS record at all
            { 0x15, 0x03, 0x03, 0x00, 0x02, 0x02, 0x28 }, // an alert where the hello belongs
            oversized, // a hello too large for the hello's parser (past sniParseLimit)
        };
        for (String connector : new String[] { SharedTomcat.NIO_TLS, SharedTomcat.HYBRID_TLS }) {
            for (int i = 0; i < hellos.length; i++) {
                try (RawConnection connection = RawConnection.open(tomcat.port(connector))) {
                    try {
                        connection.send(hellos[i]);
                    } catch (java.net.SocketException reset) {
                        // closed while the oversized hello was still being written: what the test waits for
                    }
                    // Far past connectionTimeout (2 s): a connection nothing ends stays open. Stock NIO
                    // sends a fatal alert first where its engine refused the bytes.
                    assertTrue(connection.awaitEnd(10_000), connector + ", hello " + i + ": left open");
                }
            }
        }
        try (RawConnection connection = RawConnection.openTls(tomcat.port(SharedTomcat.HYBRID_TLS), client)) {
            assertEquals("n=1\n", connection.send(RawConnection.get("/probe/echo?n=1")).read().text());
        }
    }

    @Test
    void testARequestHeadInTwoRecordsThatArriveTogetherIsServed(TomcatServer tomcat) throws Exception {
        // Both records reach the server in one segment: it takes both from the socket at once, and
        // the socket will not turn readable again for the second.
        int port = tomcat.port(SharedTomcat.HYBRID_TLS);
        HeldWrites plain = new HeldWrites();
        plain.connect(new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), port), 10_000);
        SSLSocket socket = (SSLSocket) client.getSocketFactory().createSocket(plain, "localhost", port, true);
        socket.setSoTimeout(10_000);
        socket.startHandshake();
        try (RawConnection connection = RawConnection.over(socket)) {
            plain.hold();
            connection.send("GET /probe/echo?n=split HTTP/1.1\r\n");
            connection.send("Host: a\r\n\r\n");
            byte[] sent = plain.release();
            int firstRecord = 5 + ((sent[3] & 0xff) << 8 | (sent[4] & 0xff));
            assertTrue(sent[0] == 0x17 && sent.length > firstRecord && sent[firstRecord] == 0x17,
                    "two application data records, sent together");
            assertEquals("n=split\n", connection.read().text());
        }
    }

    @Test
    void testPlainHttpOnTheTlsPortIsToldToUseTls(TomcatServer tomcat) throws Exception {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), tomcat.port(SharedTomcat.HYBRID_TLS))) {
            socket.setSoTimeout(5000);
            socket.getOutputStream().write(RawConnection.get("/probe/echo?n=1").getBytes(StandardCharsets.ISO_8859_1));
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            assertTrue(answer.startsWith("HTTP/1.1 400") && answer.contains("requires TLS"), answer);
        }
    }

    @Test
    void testLastResponseArrivesWholeThoughARequestIsPipelinedBehindIt(TomcatServer tomcat) throws Exception {
        // A small window keeps much of the response in the server's buffers as it ends the
        // connection: a lingering close sends it all, then close_notify; a reset would lose it.
        try (RawConnection connection = RawConnection.openTls(tomcat.port(SharedTomcat.HYBRID_TLS), client, 4096)) {
            connection.send(RawConnection.get("/probe/echo?size=1000000", "Connection: close\r\n") +
                    RawConnection.get("/probe/echo?n=behind"));
            assertEquals(1_000_000, connection.read().body().length);
            assertEquals(0, connection.readToEnd().length, "the request behind the last response is not answered");
        }
    }

    @Test
    void testTlsConnectionsArePooledLikeOthers(TomcatServer tomcat) throws IOException {
        // Several sequential connections: each handshake, request and close leaves the connector
        // with nothing held (its only worker serves the next one at once).
        for (int i = 0; i < 20; i++) {
            try (RawConnection connection = RawConnection.openTls(tomcat.port(SharedTomcat.HYBRID_TLS), client)) {
                assertEquals(200, connection.send(RawConnection.get("/probe/echo?n=" + i, "Connection: close\r\n"))
                        .read().status());
            }
        }
    }
}
