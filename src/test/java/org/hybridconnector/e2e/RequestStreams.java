package org.hybridconnector.e2e;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple2;

/**
 * jqwik generators of HTTP/1.1 request streams for the probe webapp: valid requests of every
 * framing (GET, HEAD, bodies by {@code Content-Length} and chunked, {@code Expect: 100-continue},
 * large chunked responses, heads near the size limit), invalid ones (a valid request with one byte
 * of its head replaced), and the {@link HostileCorpus} cases as seeds, pipelined several to a
 * stream. Every stream ends with a {@code Connection: close} request, so a server that kept the
 * connection closes it once everything is answered.
 */
final class RequestStreams {

    static final String LAST = "GET /probe/echo?n=last HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n";

    /** The corpus cases that end with the follow-up request (none that leave the server waiting). */
    private static final List<byte[]> SEEDS = HostileCorpus.all().stream().filter(HostileCorpus.Case::followUp)
            .map(HostileCorpus.Case::input).toList();

    private RequestStreams() {
    }

    /** One to six requests, pipelined, then {@link #LAST}. */
    static Arbitrary<byte[]> streams() {
        return request().list().ofMinSize(1).ofMaxSize(6).map(parts -> {
            ByteArrayOutputStream stream = new ByteArrayOutputStream();
            parts.forEach(stream::writeBytes);
            stream.writeBytes(ascii(LAST));
            return stream.toByteArray();
        });
    }

    static Arbitrary<byte[]> request() {
        return Arbitraries.frequencyOf(List.of(
                weighted(4, get()),
                weighted(2, cacheable()),
                weighted(2, largeResponse()),
                weighted(2, head()),
                weighted(3, postWithLength()),
                weighted(3, postChunked()),
                weighted(1, expectContinue()),
                weighted(2, manyHeaders()),
                weighted(1, blankLinesFirst()),
                weighted(2, mutated()),
                weighted(2, Arbitraries.of(SEEDS))));
    }

    private static Tuple2<Integer,Arbitrary<byte[]>> weighted(int weight, Arbitrary<byte[]> a) {
        return Tuple.of(weight, a);
    }

    private static Arbitrary<Integer> n() {
        return Arbitraries.integers().between(0, 99_999);
    }

    private static Arbitrary<byte[]> get() {
        return n().map(n -> ascii("GET /probe/echo?n=" + n + " HTTP/1.1\r\nHost: a\r\n\r\n"));
    }

    /** A response the hybrid's response cache keeps (for a day): answered by the selector after the first. */
    private static Arbitrary<byte[]> cacheable() {
        return Arbitraries.integers().between(0, 9)
                .map(n -> ascii("GET /probe/cacheable/fuzz" + n + "?maxAge=86400&fixed HTTP/1.1\r\nHost: a\r\n\r\n"));
    }

    private static Arbitrary<byte[]> largeResponse() {
        return Arbitraries.integers().between(0, 40_000)
                .map(size -> ascii("GET /probe/echo?size=" + size + " HTTP/1.1\r\nHost: a\r\n\r\n"));
    }

    private static Arbitrary<byte[]> head() {
        return n().map(n -> ascii("HEAD /probe/echo?n=" + n + " HTTP/1.1\r\nHost: a\r\n\r\n"));
    }

    private static Arbitrary<byte[]> body() {
        return Arbitraries.bytes().array(byte[].class).ofMaxSize(6000);
    }

    private static Arbitrary<byte[]> postWithLength() {
        return Combinators.combine(n(), body()).as((n, body) -> concat(ascii("POST /probe/echo?n=" + n +
                " HTTP/1.1\r\nHost: a\r\nContent-Length: " + body.length + "\r\n\r\n"), body));
    }

    private static Arbitrary<byte[]> postChunked() {
        Arbitrary<List<byte[]>> chunks = Arbitraries.bytes().array(byte[].class).ofMinSize(1).ofMaxSize(3000).list()
                .ofMaxSize(5);
        Arbitrary<String> extension = Arbitraries.of("", ";ext=1", ";a=\"q\"");
        Arbitrary<String> trailer = Arbitraries.of("", "X-Trailer: t\r\n");
        return Combinators.combine(n(), chunks, extension, trailer).as((n, list, ext, trail) -> {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.writeBytes(ascii("POST /probe/echo?n=" + n + " HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"));
            for (byte[] chunk : list) {
                out.writeBytes(ascii(Integer.toHexString(chunk.length) + ext + "\r\n"));
                out.writeBytes(chunk);
                out.writeBytes(ascii("\r\n"));
            }
            out.writeBytes(ascii("0\r\n" + trail + "\r\n"));
            return out.toByteArray();
        });
    }

    private static Arbitrary<byte[]> expectContinue() {
        return Combinators.combine(n(), body()).as((n, body) -> concat(ascii("POST /probe/echo?n=" + n +
                " HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: " + body.length + "\r\n\r\n"), body));
    }

    /** Up to about 10 KB of header fields: both sides of {@code maxHttpHeaderSize} (8 KB). */
    private static Arbitrary<byte[]> manyHeaders() {
        Arbitrary<String> field = Combinators.combine(
                Arbitraries.strings().withCharRange('a', 'z').withChars('-').ofMinLength(1).ofMaxLength(20),
                Arbitraries.strings().withCharRange(' ', '~').ofMaxLength(300))
                .as((name, value) -> "X-" + name + ": " + value.strip() + "\r\n");
        return Combinators.combine(n(), field.list().ofMaxSize(40)).as((n, fields) -> ascii(
                "GET /probe/echo?n=" + n + " HTTP/1.1\r\nHost: a\r\n" + String.join("", fields) + "\r\n"));
    }

    /** RFC 9112 section 2.2: a server should ignore at least one empty line before a request line. */
    private static Arbitrary<byte[]> blankLinesFirst() {
        return Combinators.combine(n(), Arbitraries.of("\r\n", "\n", "\r\n\r\n"))
                .as((n, blank) -> ascii(blank + "GET /probe/echo?n=" + n + " HTTP/1.1\r\nHost: a\r\n\r\n"));
    }

    /** A valid GET head with one byte replaced by a byte that is often not allowed there. */
    private static Arbitrary<byte[]> mutated() {
        Arbitrary<Byte> bad = Arbitraries.of((byte) 0, (byte) '\r', (byte) '\n', (byte) ' ', (byte) ':', (byte) 0x7f,
                (byte) 0xff, (byte) '"', (byte) '\t', (byte) 'x');
        return Combinators.combine(get(), Arbitraries.integers().between(0, 1000), bad).as((request, at, b) -> {
            byte[] copy = request.clone();
            // The final CRLF CRLF stays: the head still ends, so the server answers rather than waits.
            copy[at % (copy.length - 4)] = b;
            return copy;
        });
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] all = new byte[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
