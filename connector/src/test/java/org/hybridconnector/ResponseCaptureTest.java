package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.apache.tomcat.util.http.FastHttpDateFormat;
import org.hybridconnector.cache.CacheSettings;
import org.hybridconnector.cache.Hit;
import org.hybridconnector.cache.RequestFacts;
import org.hybridconnector.cache.ResponseCache;
import org.junit.jupiter.api.Test;

/** What the cache learns from the bytes a worker writes, however the writes split them. */
class ResponseCaptureTest {

    /** Now: a capture takes the time its response head is whole from the clock. */
    private static final long NOW = System.currentTimeMillis();
    private static final String OK_HEAD = "HTTP/1.1 200 \r\nCache-Control: max-age=60\r\nContent-Type: text/plain\r\n"
            + "Content-Length: 5\r\nDate: " + FastHttpDateFormat.formatDate(NOW) + "\r\n\r\n";

    private final ResponseCache cache = new ResponseCache(new CacheSettings(1 << 20, 1 << 16,
            CacheSettings.DEFAULT_STATIC_TYPES, 3600));

    private static RequestFacts request(String method, String target) {
        return RequestHead.read((method + " " + target + " HTTP/1.1\r\nHost: shop\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1)).facts();
    }

    /**
     * Feeds {@code response} to a capture as a connection does: each write offers all that is left,
     * and the socket takes {@code piece} bytes of it.
     */
    private void serve(RequestFacts request, String response, int piece) {
        ResponseCapture capture = ResponseCapture.of(cache, request, NOW);
        assertNotNull(capture);
        ByteBuffer bytes = ByteBuffer.wrap(response.getBytes(StandardCharsets.ISO_8859_1));
        // Offset within a larger buffer, as Coyote's write buffer hands them over.
        while (bytes.hasRemaining()) {
            int n = Math.min(piece, bytes.remaining());
            capture.offered(bytes, bytes.position(), bytes.remaining());
            capture.taken(n);
            bytes.position(bytes.position() + n);
        }
    }

    private Hit hit(String target) {
        return cache.answer(request("GET", target), NOW + 1000);
    }

    private static String body(Hit hit) {
        ByteBuffer[] written = hit.buffers("");
        return StandardCharsets.ISO_8859_1.decode(written[written.length - 1]).toString();
    }

    @Test
    void testAWholeResponseIsStoredHoweverItsWritesAreSplit() {
        for (int piece : List.of(1, 2, 7, 64, 4096)) {
            String target = "/split/" + piece;
            serve(request("GET", target), OK_HEAD + "hello", piece);
            Hit hit = hit(target);
            assertNotNull(hit, "writes of " + piece + " bytes");
            assertEquals("hello", body(hit));
        }
    }

    /** RFC 9112 §2.2: a bare LF may end a line; the head's end is found across any split. */
    @Test
    void testAHeadWithBareLineEndsIsReadHoweverItIsSplit() {
        for (int piece : List.of(1, 2, 3, 64)) {
            String target = "/lf/" + piece;
            serve(request("GET", target), OK_HEAD.replace("\r\n", "\n") + "hello", piece);
            assertEquals("hello", body(hit(target)), "writes of " + piece + " bytes");
        }
        byte[] head = "HTTP/1.1 200 \r\nA: b\r\n\r\nbody".getBytes(StandardCharsets.ISO_8859_1);
        assertEquals(23, ResponseCapture.headEnd(head, 0, head.length));
        assertEquals(-1, ResponseCapture.headEnd(head, 0, 22));
        assertEquals(-1, ResponseCapture.headEnd("\n".getBytes(StandardCharsets.ISO_8859_1), 0, 1));
    }

    /** RFC 9111 §4.2: without a field that gives a lifetime the response is never fresh; names ignore case. */
    @Test
    void testOnlyAResponseThatCanBeFreshIsStored() {
        serve(request("GET", "/plain"), OK_HEAD.replace("Cache-Control: max-age=60\r\n", "") + "hello", 4096);
        assertNull(hit("/plain"));
        serve(request("GET", "/lower"), OK_HEAD.replace("Cache-Control:", "cache-control:") + "hello", 4096);
        assertEquals("hello", body(hit("/lower")));
        serve(request("GET", "/expires"), OK_HEAD.replace("Cache-Control: max-age=60", "EXPIRES: "
                + FastHttpDateFormat.formatDate(NOW + 60_000)) + "hello", 4096);
        assertEquals("hello", body(hit("/expires")));
    }

    @Test
    void testAHeadLongerThanAnyCoyoteWritesIsNotLookedAt() {
        String longHead = OK_HEAD.replace("\r\n\r\n", "\r\nX-Filler: " + "x".repeat(70_000) + "\r\n\r\n");
        for (int piece : List.of(4096, 100_000)) {
            String target = "/long/" + piece;
            serve(request("GET", target), longHead + "hello", piece);
            assertNull(hit(target), "writes of " + piece + " bytes");
        }
    }

    @Test
    void testTheResponseIsStoredBeforeItsLastByteIsSent() {
        ResponseCapture capture = ResponseCapture.of(cache, request("GET", "/early"), NOW);
        ByteBuffer bytes = ByteBuffer.wrap((OK_HEAD + "hello").getBytes(StandardCharsets.ISO_8859_1));
        capture.offered(bytes, 0, bytes.remaining());
        assertNotNull(hit("/early"), "stored while the whole response still waits to be sent");
    }

    @Test
    void testOnlyTheFirstResponseOfATurnIsStored() {
        serve(request("GET", "/first"), OK_HEAD + "hello" + OK_HEAD.replace("5", "6") + "second", 9);
        assertEquals("hello", body(hit("/first")));
    }

    @Test
    void testAResponseCutShortIsNotStored() {
        serve(request("GET", "/cut"), OK_HEAD + "hel", 4096);
        assertNull(hit("/cut"));
    }

    @Test
    void testAChunkedOrPrivateResponseIsNotStored() {
        serve(request("GET", "/chunked"), OK_HEAD.replace("Content-Length: 5", "Transfer-Encoding: chunked")
                + "5\r\nhello\r\n0\r\n\r\n", 4096);
        serve(request("GET", "/private"), OK_HEAD.replace("max-age=60", "private, max-age=60") + "hello", 4096);
        assertNull(hit("/chunked"));
        assertNull(hit("/private"));
    }

    @Test
    void testAPostInvalidatesItsTargetAndAHeadTeachesNothing() {
        serve(request("GET", "/changed"), OK_HEAD + "hello", 4096);
        assertNull(ResponseCapture.of(cache, request("HEAD", "/changed"), NOW));
        serve(request("POST", "/changed"), "HTTP/1.1 200 \r\nContent-Length: 0\r\n\r\n", 4096);
        assertNull(hit("/changed"));
    }

    /**
     * Coyote writes every response head of a turn from one buffer: a second write from it begins
     * the next response. A body shorter than its Content-Length (a servlet's mistake) must not be
     * completed with the next response's bytes and stored for everyone.
     */
    @Test
    void testABodyCutShortByTheNextResponseIsNotStored() {
        ResponseCapture capture = ResponseCapture.of(cache, request("GET", "/short"), NOW);
        ByteBuffer headBuffer = ByteBuffer.wrap(OK_HEAD.getBytes(StandardCharsets.ISO_8859_1));
        capture.writing(headBuffer);
        offerAll(capture, OK_HEAD + "hel");
        capture.writing(ByteBuffer.wrap("hel".getBytes(StandardCharsets.ISO_8859_1)));
        capture.writing(headBuffer);
        offerAll(capture, "HTTP/1.1 200 \r\nContent-Length: 2\r\n\r\nlo");
        assertNull(hit("/short"));
    }

    /** A body the connection writes in several writes of other buffers is still the first response's. */
    @Test
    void testBodyWritesFromOtherBuffersDoNotEndTheResponse() {
        ResponseCapture capture = ResponseCapture.of(cache, request("GET", "/pieces"), NOW);
        capture.writing(ByteBuffer.wrap(OK_HEAD.getBytes(StandardCharsets.ISO_8859_1)));
        offerAll(capture, OK_HEAD);
        for (String piece : List.of("he", "l", "lo")) {
            capture.writing(ByteBuffer.wrap(piece.getBytes(StandardCharsets.ISO_8859_1)));
            offerAll(capture, piece);
        }
        assertEquals("hello", body(hit("/pieces")));
    }

    /** A file sent by sendfile goes around the connection's writes: what follows is the next response's. */
    @Test
    void testABodySentBySendfileIsNotStored() {
        ResponseCapture capture = ResponseCapture.of(cache, request("GET", "/file"), NOW);
        offerAll(capture, OK_HEAD);
        capture.bypassed();
        offerAll(capture, "hello");
        assertNull(hit("/file"));
    }

    /** RFC 9110 §15.2: a 100 Continue comes before the response; the response after it is the one that counts. */
    @Test
    void testAnInterimResponseIsLookedPast() {
        serve(request("GET", "/continued"), OK_HEAD + "hello", 4096);
        serve(request("PUT", "/continued"), "HTTP/1.1 100 \r\n\r\nHTTP/1.1 204 \r\n\r\n", 4096);
        assertNull(hit("/continued"), "the PUT's 204 came after a 100 and must invalidate");
        for (int piece : List.of(1, 5, 4096)) {
            String target = "/after-interim/" + piece;
            serve(request("GET", target), "HTTP/1.1 100 \r\n\r\nHTTP/1.1 103 \r\nLink: </a.css>\r\n\r\n" + OK_HEAD
                    + "hello", piece);
            assertEquals("hello", body(hit(target)), "writes of " + piece + " bytes");
        }
    }

    /** Offers {@code text} as the connection's next bytes, all taken at once. */
    private static void offerAll(ResponseCapture capture, String text) {
        ByteBuffer bytes = ByteBuffer.wrap(text.getBytes(StandardCharsets.ISO_8859_1));
        capture.offered(bytes, 0, bytes.remaining());
        capture.taken(bytes.remaining());
    }

    @Test
    void testAFailedPostInvalidatesNothing() {
        serve(request("GET", "/kept"), OK_HEAD + "hello", 4096);
        serve(request("POST", "/kept"), "HTTP/1.1 500 \r\nContent-Length: 0\r\n\r\n", 4096);
        assertNotNull(hit("/kept"));
    }
}
