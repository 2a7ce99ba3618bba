package org.hybridconnector.e2e;

import static org.hybridconnector.e2e.SharedTomcat.HYBRID;
import static org.hybridconnector.e2e.SharedTomcat.HYBRID_ONE_WORKER;
import static org.hybridconnector.e2e.SharedTomcat.NIO;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.fail;

import java.net.http.HttpClient;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * WebSocket through the hybrid connector beside stock NIO: the examples webapp's three echo
 * endpoints and the probe webapp's own ({@code /probe/ws}, whole messages), with 1 MiB messages,
 * fragmented messages, pings and pongs both ways, and close handshakes begun by either side with
 * a status code. Each test records what a client observes on both connectors and compares.
 */
@ExtendWith(SharedTomcat.class)
class WebSocketIT {

    private static final String[] EXAMPLES = { "/examples/websocket/echoAnnotation",
            "/examples/websocket/echoStreamAnnotation", "/examples/websocket/echoProgrammatic" };
    private static final int LARGE = 1 << 20;

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void testExamplesEchoLargeAndFragmentedMessages(TomcatServer tomcat) throws Exception {
        String largeText = text(LARGE, 1);
        byte[] largeBinary = new byte[LARGE];
        new Random(2).nextBytes(largeBinary);
        String[] fragments = { text(1000, 3), text(70_000, 4), "", text(5, 5) };
        for (String path : EXAMPLES) {
            List<String> closes = new ArrayList<>();
            for (String connector : new String[] { NIO, HYBRID }) {
                String where = connector + " " + path;
                try (WsClient client = WsClient.connect(http, tomcat.port(connector), path)) {
                    client.send(largeText);
                    assertSameText(largeText, client.nextText(), where + ": a 1 MiB text");
                    client.sendBinary(largeBinary);
                    assertArrayEquals(largeBinary, client.nextBinary(), where + ": a 1 MiB binary");
                    client.sendFragments(fragments);
                    assertSameText(String.join("", fragments), client.nextText(), where + ": a text in fragments");
                    client.sendFragments(Arrays.copyOf(largeBinary, 10), Arrays.copyOfRange(largeBinary, 10, 100_000));
                    assertArrayEquals(Arrays.copyOf(largeBinary, 100_000), client.nextBinary(), where);
                    client.closeWith(1000, "done");
                    closes.add(client.awaitClose());
                }
            }
            assertEquals("1000 done", closes.get(0), "stock NIO's close, " + path);
            assertEquals(closes.get(0), closes.get(1), "the hybrid connector's close, " + path);
        }
    }

    @Test
    void testOwnEndpointReassemblesFragmentedMessages(TomcatServer tomcat) throws Exception {
        byte[] binary = new byte[LARGE];
        new Random(6).nextBytes(binary);
        String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(binary));
        String[] parts = new String[10];
        for (int i = 0; i < parts.length; i++) {
            parts[i] = text(LARGE / parts.length, 10 + i);
        }
        List<List<String>> observed = new ArrayList<>();
        for (String connector : new String[] { NIO, HYBRID }) {
            try (WsClient client = WsClient.connect(http, tomcat.port(connector), "/probe/ws")) {
                List<String> seen = new ArrayList<>();
                client.sendFragments(parts);
                seen.add(Integer.toString(client.nextText().hashCode()));
                client.sendFragments(Arrays.copyOf(binary, 1), Arrays.copyOfRange(binary, 1, LARGE / 2),
                        Arrays.copyOfRange(binary, LARGE / 2, LARGE));
                seen.add(client.nextText());
                client.sendBinary(binary);
                seen.add(client.nextText());
                observed.add(seen);
            }
        }
        String whole = "binary length=" + LARGE + " sha256=" + sha;
        assertEquals(List.of(Integer.toString(String.join("", parts).hashCode()), whole, whole), observed.get(0),
                "stock NIO");
        assertEquals(observed.get(0), observed.get(1), "the hybrid connector answers as NIO does");
    }

    @Test
    void testPingsAndPongsBothWays(TomcatServer tomcat) throws Exception {
        List<List<String>> observed = new ArrayList<>();
        for (String connector : new String[] { NIO, HYBRID }) {
            List<String> seen = new ArrayList<>();
            try (WsClient examples = WsClient.connect(http, tomcat.port(connector), EXAMPLES[0]);
                    WsClient own = WsClient.connect(http, tomcat.port(connector), "/probe/ws")) {
                examples.ping("are you there");
                seen.add("pong " + examples.nextPong());
                own.pong("unasked");
                seen.add(own.nextText());
                own.send("ping from the server");
                seen.add("ping " + own.nextPing());
                // The JDK's client answered that ping; the endpoint reports the pong it got.
                seen.add(own.nextText());
                own.send("still here");
                seen.add(own.nextText());
            }
            observed.add(seen);
        }
        assertEquals(List.of("pong are you there", "pong unasked", "ping from the server", "pong from the server",
                "still here"), observed.get(0), "stock NIO");
        assertEquals(observed.get(0), observed.get(1), "the hybrid connector answers as NIO does");
    }

    @Test
    void testCloseHandshakesCarryTheStatusCode(TomcatServer tomcat) throws Exception {
        List<List<String>> observed = new ArrayList<>();
        for (String connector : new String[] { NIO, HYBRID }) {
            List<String> seen = new ArrayList<>();
            try (WsClient byClient = WsClient.connect(http, tomcat.port(connector), "/probe/ws");
                    WsClient byServer = WsClient.connect(http, tomcat.port(connector), "/probe/ws")) {
                byClient.closeWith(4001, "client leaves");
                seen.add(byClient.awaitClose());
                byServer.send("close 4002 server leaves");
                seen.add(byServer.awaitClose());
            }
            observed.add(seen);
        }
        assertEquals(List.of("4001 client leaves", "4002 server leaves"), observed.get(0), "stock NIO");
        assertEquals(observed.get(0), observed.get(1), "the hybrid connector answers as NIO does");
    }

    /**
     * An idle WebSocket is not an idle keep-alive connection: stock NIO never times it out (Tomcat
     * turns the read time-out off on upgrade), so neither may the hybrid connector, even past its
     * {@code connectionTimeout} (2 s on this connector, whose one worker then still serves it).
     */
    @Test
    void testIdleWebSocketOutlivesTheConnectionTimeout(TomcatServer tomcat) throws Exception {
        try (WsClient client = WsClient.connect(http, tomcat.port(HYBRID_ONE_WORKER), "/probe/ws")) {
            client.send("before");
            assertEquals("before", client.nextText());
            assertNull(client.closeWithin(4500), "the idle WebSocket was closed");
            client.send("after");
            assertEquals("after", client.nextText());
            client.closeWith(1000, "bye");
            assertEquals("1000 bye", client.awaitClose());
        }
    }

    /** Like {@code assertEquals}, without printing a megabyte of text when it fails. */
    private static void assertSameText(String expected, String actual, String where) {
        int i = 0;
        while (i < Math.min(expected.length(), actual.length()) && expected.charAt(i) == actual.charAt(i)) {
            i++;
        }
        if (i < expected.length() || i < actual.length()) {
            fail(where + ": " + actual.length() + " characters came back for " + expected.length() +
                    ", the first difference at " + i);
        }
    }

    /** {@code length} characters of text, some of them two or three bytes long in UTF-8. */
    private static String text(int length, long seed) {
        String alphabet = "abcdefghijklmnopqrstuvwxyz 0123456789 éü€";
        Random random = new Random(seed);
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            text.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return text.toString();
    }
}
