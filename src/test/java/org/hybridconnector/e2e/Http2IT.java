package org.hybridconnector.e2e;

import static org.hybridconnector.e2e.SharedTomcat.HYBRID_H2;
import static org.hybridconnector.e2e.SharedTomcat.HYBRID_H2_TLS;
import static org.hybridconnector.e2e.SharedTomcat.NIO_H2;
import static org.hybridconnector.e2e.SharedTomcat.NIO_H2_TLS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * HTTP/2 through the hybrid connector beside stock NIO, both with Tomcat's {@code Http2Protocol}
 * nested ({@link TomcatServer#HTTP2}): h2c by upgrade and by prior knowledge, h2 over TLS by ALPN;
 * a hundred concurrent streams on one connection, a large upload and large downloads. Every
 * answer must be the one NIO gives. The tests look at answers only, not at which of Tomcat's
 * HTTP/2 handlers (blocking or asynchronous I/O) the connector lets Tomcat pick.
 */
@ExtendWith(SharedTomcat.class)
class Http2IT {

    /** Tomcat's default {@code maxConcurrentStreams}: all of them open at once. */
    private static final int STREAMS = 100;
    /** What the JDK's client sends at once over its one connection. */
    private static final int JDK_CONCURRENT = 50;
    private static final int UPLOAD_BYTES = 4 << 20;
    private static final int DOWNLOAD_BYTES = 8 << 20;

    @Test
    void testPriorKnowledgeHundredStreamsOnOneConnection(TomcatServer tomcat) throws Exception {
        List<List<String>> answers = new ArrayList<>();
        for (String connector : new String[] { NIO_H2, HYBRID_H2 }) {
            try (H2cClient client = H2cClient.priorKnowledge(tomcat.port(connector))) {
                answers.add(concurrentGets(client, 0, STREAMS));
            }
        }
        assertEquals(expectedEchoes(0, STREAMS), answers.get(0), "stock NIO");
        assertEquals(answers.get(0), answers.get(1), "the hybrid connector answers as NIO does");
    }

    /**
     * An idle HTTP/2 connection waits for no {@code connectionTimeout} in the hybrid's selector;
     * HTTP/2's own {@code keepAliveTimeout} ends it, with a {@code GOAWAY}, as on stock NIO.
     */
    @Test
    void testIdleConnectionEndsByHttp2KeepAlive(TomcatServer tomcat) throws Exception {
        try (H2cClient nio = H2cClient.priorKnowledge(tomcat.port(NIO_H2));
                H2cClient hybrid = H2cClient.priorKnowledge(tomcat.port(HYBRID_H2))) {
            assertEquals(List.of("200 n=0\n"), concurrentGets(nio, 0, 1));
            assertEquals(List.of("200 n=0\n"), concurrentGets(hybrid, 0, 1));
            long idleSince = System.nanoTime();
            int bound = SharedTomcat.H2_KEEP_ALIVE_MILLIS / 1000 + 10;
            assertEquals("last stream 1, error code 0", nio.awaitGoAway(bound), "stock NIO");
            assertEquals("last stream 1, error code 0", hybrid.awaitGoAway(bound), "the hybrid connector");
            long idleMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - idleSince);
            assertTrue(idleMillis >= SharedTomcat.H2_KEEP_ALIVE_MILLIS - 100, "GOAWAY after " + idleMillis + " ms");
            assertTrue(hybrid.closedByServer(10_000), "the hybrid connector kept the connection open after GOAWAY");
        }
    }

    /**
     * An HTTP/2 stream holds a worker as an HTTP/1.1 request does, so admission counts it: with both
     * workers of a two-worker connector serving streams, the acceptor takes in one more connection
     * (it was already waiting in {@code accept()}) and then holds back; that connection's request
     * is served once the streams end.
     */
    @Test
    void testStreamsHoldWorkersAsRequestsDo(TomcatServer tomcat) throws Exception {
        String connector = SharedTomcat.HYBRID_H2_TWO_WORKERS;
        try (H2cClient client = H2cClient.priorKnowledge(tomcat.port(connector))) {
            List<Integer> streams = List.of(client.get("/probe/hang"), client.get("/probe/hang"));
            client.flush();
            try {
                Await.until(() -> tomcat.probe("hang?hangs").trim().equals("2"), 20, "the streams never started");
                try (RawConnection third = RawConnection.open(tomcat.port(connector))) {
                    third.send(RawConnection.get("/probe/echo?n=3"));
                    Await.until(() -> tomcat.protocolAttribute(connector, "acceptorHeldBack").equals("true"), 10,
                            "the acceptor was not held back while streams held both workers");
                    tomcat.probe("hang?release");
                    Map<Integer,H2cClient.Response> answers = client.await(streams, 20);
                    for (Integer stream : streams) {
                        H2cClient.Response answer = answers.get(stream);
                        assertEquals("200 released\n", answer.status() + " " + answer.text());
                    }
                    assertEquals("n=3\n", third.read().text());
                }
            } finally {
                tomcat.probe("hang?release"); // a failure must leave nothing hanging
            }
        }
        Await.until(() -> tomcat.protocolAttribute(connector, "acceptorHeldBack").equals("false"), 10,
                "the acceptor stayed held back after the streams ended");
    }

    @Test
    void testH2cByUpgrade(TomcatServer tomcat) throws Exception {
        List<List<String>> answers = new ArrayList<>();
        for (String connector : new String[] { NIO_H2, HYBRID_H2 }) {
            List<String> answer = new ArrayList<>();
            // Frames: stream 1 answers the HTTP/1.1 GET that asked for the upgrade, then 99 more streams.
            try (H2cClient client = H2cClient.upgrade(tomcat.port(connector), "/probe/echo?n=upgraded")) {
                H2cClient.Response first = client.await(List.of(1), 20).get(1);
                answer.add(first.status() + " " + first.text());
                answer.addAll(concurrentGets(client, 1, STREAMS));
            }
            // The JDK's client upgrades on its first request and keeps HTTP/2 on that connection.
            HttpClient http = client(null);
            answer.add(getText(http, tomcat, connector, "/probe/echo?n=jdk"));
            answer.addAll(jdkConcurrentGets(http, tomcat, connector));
            answers.add(answer);
        }
        List<String> expected = new ArrayList<>(List.of("200 n=upgraded\n"));
        expected.addAll(expectedEchoes(1, STREAMS));
        expected.add("HTTP_2 n=jdk\n");
        expected.addAll(expectedJdkEchoes());
        assertEquals(expected, answers.get(0), "stock NIO");
        assertEquals(answers.get(0), answers.get(1), "the hybrid connector answers as NIO does");
    }

    @Test
    void testH2OverTlsByAlpn(TomcatServer tomcat) throws Exception {
        List<List<String>> answers = new ArrayList<>();
        for (String connector : new String[] { NIO_H2_TLS, HYBRID_H2_TLS }) {
            HttpClient http = client(TestKeystore.clientContext());
            List<String> answer = new ArrayList<>();
            String tls = getText(http, tomcat, connector, "/probe/echo?tls=1");
            assertTrue(tls.startsWith("HTTP_2 scheme=https secure=true cipher=TLS_"), connector + ": " + tls);
            answer.addAll(jdkConcurrentGets(http, tomcat, connector));
            answers.add(answer);
        }
        assertEquals(expectedJdkEchoes(), answers.get(0), "stock NIO");
        assertEquals(answers.get(0), answers.get(1), "the hybrid connector answers as NIO does");
    }

    @Test
    void testLargeUploadAndDownloads(TomcatServer tomcat) throws Exception {
        byte[] upload = new byte[UPLOAD_BYTES];
        new Random(2).nextBytes(upload);
        String uploadSha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(upload));
        byte[] largeFile = SharedTomcat.largeFileBytes();
        byte[] generated = new byte[DOWNLOAD_BYTES];
        Arrays.fill(generated, (byte) 'y');
        for (String connector : new String[] { NIO_H2, HYBRID_H2, NIO_H2_TLS, HYBRID_H2_TLS }) {
            boolean tls = connector.endsWith("Tls");
            HttpClient http = client(tls ? TestKeystore.clientContext() : null);
            // In the clear the first request upgrades; a body as large as this one would not be
            // taken with an upgrade (Tomcat buffers it), so it goes over the HTTP/2 connection.
            assertEquals("HTTP_2 n=first\n", getText(http, tomcat, connector, "/probe/echo?n=first"), connector);
            HttpResponse<String> posted = http.send(request(tomcat, connector, "/probe/echo?n=up")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(upload)).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(HttpClient.Version.HTTP_2, posted.version(), connector);
            assertEquals("n=up length=" + UPLOAD_BYTES + " sha256=" + uploadSha + "\n", posted.body(), connector);
            assertArrayEquals(generated, getBytes(http, tomcat, connector, "/probe/echo?size=" + DOWNLOAD_BYTES),
                    connector + ": a servlet's 8 MiB");
            assertArrayEquals(largeFile, getBytes(http, tomcat, connector, SharedTomcat.LARGE_FILE),
                    connector + ": a static 8 MiB file");
        }
    }

    // ---------------------------------------------------------------- helpers

    /** Streams {@code from} to {@code to - 1} of the echo servlet, all sent before any is read. */
    private static List<String> concurrentGets(H2cClient client, int from, int to) throws IOException {
        List<Integer> streams = new ArrayList<>();
        for (int i = from; i < to; i++) {
            streams.add(Integer.valueOf(client.get("/probe/echo?n=" + i)));
        }
        Map<Integer,H2cClient.Response> responses = client.await(streams, 60);
        return streams.stream().map(responses::get).map(r -> r.status() + " " + r.text()).toList();
    }

    private static List<String> expectedEchoes(int from, int to) {
        return IntStream.range(from, to).mapToObj(i -> "200 n=" + i + "\n").toList();
    }

    private static List<String> jdkConcurrentGets(HttpClient http, TomcatServer tomcat, String connector)
            throws Exception {
        List<CompletableFuture<HttpResponse<String>>> sent = new ArrayList<>();
        for (int i = 0; i < JDK_CONCURRENT; i++) {
            sent.add(http.sendAsync(request(tomcat, connector, "/probe/echo?n=jdk" + i).build(),
                    HttpResponse.BodyHandlers.ofString()));
        }
        List<String> answers = new ArrayList<>();
        for (CompletableFuture<HttpResponse<String>> response : sent) {
            HttpResponse<String> r = response.get(60, TimeUnit.SECONDS);
            answers.add(r.version() + " " + r.statusCode() + " " + r.body());
        }
        return answers;
    }

    private static List<String> expectedJdkEchoes() {
        return IntStream.range(0, JDK_CONCURRENT).mapToObj(i -> "HTTP_2 200 n=jdk" + i + "\n").toList();
    }

    private static HttpClient client(javax.net.ssl.SSLContext tls) {
        HttpClient.Builder builder = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2)
                .connectTimeout(Duration.ofSeconds(10));
        return (tls == null ? builder : builder.sslContext(tls)).build();
    }

    private static HttpRequest.Builder request(TomcatServer tomcat, String connector, String path) {
        String scheme = connector.endsWith("Tls") ? "https" : "http";
        return HttpRequest.newBuilder(URI.create(scheme + "://127.0.0.1:" + tomcat.port(connector) + path))
                .timeout(Duration.ofSeconds(60));
    }

    /** The protocol version and the body of a GET: {@code "HTTP_2 n=1\n"}. */
    private static String getText(HttpClient http, TomcatServer tomcat, String connector, String path)
            throws Exception {
        HttpResponse<String> response = send(http, tomcat, connector, path, HttpResponse.BodyHandlers.ofString());
        return response.version() + " " + response.body();
    }

    private static byte[] getBytes(HttpClient http, TomcatServer tomcat, String connector, String path)
            throws Exception {
        HttpResponse<byte[]> response = send(http, tomcat, connector, path, HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(HttpClient.Version.HTTP_2, response.version(), connector + " " + path);
        assertEquals(200, response.statusCode(), connector + " " + path);
        return response.body();
    }

    private static <T> HttpResponse<T> send(HttpClient http, TomcatServer tomcat, String connector, String path,
            BodyHandler<T> body) throws Exception {
        return http.send(request(tomcat, connector, path).build(), body);
    }
}
