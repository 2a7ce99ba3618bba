package org.hybridconnector.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Fuzzes the hybrid endpoint's own byte path (head assembly across reads, pipelined leftovers,
 * body hand-off, buffers going back to the pool between requests, answers from its response cache): each generated request stream
 * ({@link RequestStreams}) is sent once in a single write and once split at random offsets with
 * random short pauses, on fresh connections to a real Tomcat. What comes back (every status line,
 * header and body; {@code Date} masked) and how the exchange ends must be the same, since TCP may
 * split any stream anywhere; and after every stream the connector's counters return to rest.
 * <p>
 * The number of streams is jqwik's {@code jqwik.tries.default} (80 in
 * {@code junit-platform.properties}: about 30 s); a longer run sets it on the command line, see
 * {@code docs/hostile.md}.
 */
class ByteSplitFuzzIT {

    private static final String HYBRID = "hybrid";
    /** Stock NIO: the reference where Tomcat's parser itself depends on how bytes were split. */
    private static final String NIO = "nio";
    /** Longer than the server's connectionTimeout: a server that still waits has closed by then. */
    private static final int READ_TIMEOUT_MILLIS = 5000;

    private static TomcatServer tomcat;
    private static ConnectorCounters atRest;

    @BeforeContainer
    static void startTomcat() throws Exception {
        // A short connectionTimeout: a stream that leaves the server waiting (a mutated head that
        // never ends) costs two seconds, not twenty.
        tomcat = new TomcatServer("fuzz")
                .connector(HYBRID, TomcatServer.HYBRID_PROTOCOL,
                        Map.of("connectionTimeout", "2000", "responseCache", "true"))
                .connector(NIO, TomcatServer.NIO_PROTOCOL, Map.of("connectionTimeout", "2000"))
                .start();
        atRest = ConnectorCounters.atRest(tomcat, HYBRID);
    }

    @AfterContainer
    static void stopTomcat() throws Exception {
        if (tomcat == null) {
            return;
        }
        try {
            List<String> threads = tomcat.connectorThreads(HYBRID);
            assertTrue(threads.size() <= 12, "connector threads after fuzzing: " + threads);
            assertTrue(!tomcat.consoleLog().contains("SEVERE"), tomcat.consoleLog());
        } finally {
            tomcat.close();
        }
    }

    record Delivery(byte[] stream, List<Integer> cuts, List<Integer> pauses) {
        @Override
        public String toString() {
            return "Delivery[" + stream.length + " bytes, cuts " + cuts + ", pauses " + pauses + ", stream " +
                    new HostileCorpus.Case("fuzz", stream, false).shown() + "]";
        }
    }

    @Provide
    Arbitrary<Delivery> deliveries() {
        return RequestStreams.streams().flatMap(stream -> {
            Arbitrary<List<Integer>> cuts = Arbitraries.integers().between(1, stream.length - 1).list().ofMaxSize(12)
                    .map(list -> List.copyOf(new TreeSet<>(list)));
            Arbitrary<List<Integer>> pauses = Arbitraries.integers().between(0, 15).list().ofSize(12);
            return Combinators.combine(cuts, pauses).as((c, p) -> new Delivery(stream, c, p.subList(0, c.size())));
        });
    }

    private static boolean same(SplitDelivery.Outcome a, SplitDelivery.Outcome b) {
        return a.end().equals(b.end()) && a.masked().equals(b.masked());
    }

    @Property
    void testSplitDeliveryIsAnsweredAsOneWrite(@ForAll("deliveries") Delivery delivery) throws Exception {
        int port = tomcat.port(HYBRID);
        int logged = tomcat.accessLog().size();
        SplitDelivery.Outcome whole = SplitDelivery.deliver(port, delivery.stream(), List.of(), List.of(),
                READ_TIMEOUT_MILLIS);
        SplitDelivery.Outcome split = SplitDelivery.deliver(port, delivery.stream(), delivery.cuts(),
                delivery.pauses(), READ_TIMEOUT_MILLIS);
        if (!same(whole, split)) {
            // Tomcat's own parser answers a few inputs differently by how they were split (an
            // HTTP/2 preface complete in the first read or not; a bad protocol seen before the
            // header fields arrived). Such a difference is accepted only if stock NIO, given the
            // same bytes the same two ways, answers exactly as the hybrid did each way.
            int nio = tomcat.port(NIO);
            SplitDelivery.Outcome nioWhole = SplitDelivery.deliver(nio, delivery.stream(), List.of(), List.of(),
                    READ_TIMEOUT_MILLIS);
            SplitDelivery.Outcome nioSplit = SplitDelivery.deliver(nio, delivery.stream(), delivery.cuts(),
                    delivery.pauses(), READ_TIMEOUT_MILLIS);
            assertTrue(same(whole, nioWhole) && same(split, nioSplit), () -> "split and whole differ, unlike stock NIO;" +
                    "\nhybrid whole: " + whole + "\nhybrid split: " + split + "\nnio whole: " + nioWhole +
                    "\nnio split: " + nioSplit + "\naccess log since the hybrid's whole delivery:\n" +
                    String.join("\n", accessLogFrom(logged)));
        }

        ConnectorCounters after = ConnectorCounters.awaitAtMost(tomcat, HYBRID, atRest, 5000);
        assertTrue(after.atMost(atRest), "the connector kept " + after + " after the stream; at rest " + atRest);
    }

    /**
     * The case that seed 9078137126199747552 found: a processor whose last request was HTTP/0.9
     * answers a bad request line with the error page alone, no head (Tomcat 11.0.x keeps the flag
     * through {@code recycle()}; stock NIO does the same), and the page quotes as much of the line
     * as the first read held. Such a page must be masked like one with a head.
     */
    @Example
    void testHeadlessErrorPageIsAnsweredAlikeWholeAndSplit() throws Exception {
        int port = tomcat.port(HYBRID);
        byte[] stream = ("GET /probe/echo?n=1 FTP/1.1\r\nHost: a\r\n\r\n" +
                "GET /probe/echo?n=last HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1);
        answerHttp09(port);
        SplitDelivery.Outcome whole = SplitDelivery.deliver(port, stream, List.of(), List.of(), READ_TIMEOUT_MILLIS);
        answerHttp09(port);
        SplitDelivery.Outcome split = SplitDelivery.deliver(port, stream, List.of(1, 21), List.of(0, 1),
                READ_TIMEOUT_MILLIS);
        assertTrue(!whole.masked().startsWith("HTTP/"), "Tomcat now answers with a head; update the docs: " + whole);
        assertTrue(same(whole, split), "whole: " + whole + "\nsplit: " + split);
    }

    /** Has one connection's processor serve an HTTP/0.9 request; pooled last in, first out, it serves the next. */
    private static void answerHttp09(int port) throws Exception {
        SplitDelivery.Outcome reply = SplitDelivery.deliver(port,
                "GET /probe/echo?n=09\r\n".getBytes(StandardCharsets.ISO_8859_1), List.of(), List.of(),
                READ_TIMEOUT_MILLIS);
        assertTrue(reply.masked().equals("n=09\n"), "HTTP/0.9 answers with the body alone: " + reply);
    }

    /**
     * The access log's lines from {@code line} on: on a rare mismatch they tell whether the server
     * answered the request whose reply the client did not get.
     */
    private static List<String> accessLogFrom(int line) {
        try {
            List<String> lines = tomcat.accessLog();
            return lines.subList(Math.min(line, lines.size()), lines.size());
        } catch (IOException e) {
            return List.of("(the access log could not be read: " + e + ")");
        }
    }
}
