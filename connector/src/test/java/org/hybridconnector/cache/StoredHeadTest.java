package org.hybridconnector.cache;

import static org.hybridconnector.cache.Heads.BODY;
import static org.hybridconnector.cache.Heads.SECOND;
import static org.hybridconnector.cache.Heads.T0;
import static org.hybridconnector.cache.Heads.date;
import static org.hybridconnector.cache.Heads.fields;
import static org.hybridconnector.cache.Heads.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** What of a response is stored, and the heads of hits made from it. */
class StoredHeadTest {

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    private static String text(ByteBuffer buffer) {
        return StandardCharsets.ISO_8859_1.decode(buffer).toString();
    }

    @Test
    void testTheStatusLineIsCoyotesAndTheFieldsKeepTheirOrder() {
        ResponseFacts response = new ResponseFacts(301, fields("Location", "/b", "Cache-Control", "max-age=60",
                "X-Frame-Options", "DENY"), 0);
        assertEquals("HTTP/1.1 301 \r\nLocation: /b\r\nCache-Control: max-age=60\r\nX-Frame-Options: DENY\r\n"
                + "Content-Length: 0\r\n", text(StoredHead.full(response)));
    }

    /** RFC 9110 §7.6.1: hop-by-hop fields belong to the connection that carried the response. */
    @Test
    void testHopByHopFieldsAreNotStored() {
        ResponseFacts response = new ResponseFacts(200, fields("Connection", "keep-alive", "Keep-Alive", "timeout=20",
                "Transfer-Encoding", "identity", "TE", "trailers", "Trailer", "X-Sum", "Upgrade", "h2c",
                "Proxy-Authenticate", "Basic", "ETag", "\"a\""), BODY.length);
        assertEquals("HTTP/1.1 200 \r\nETag: \"a\"\r\nContent-Length: 5\r\n", text(StoredHead.full(response)));
    }

    /** RFC 9110 §7.6.1: so are the fields Connection names. */
    @Test
    void testFieldsNamedInConnectionAreNotStored() {
        ResponseFacts response = new ResponseFacts(200, fields("Connection", "X-Hop, close", "x-hop", "1",
                "X-End", "2"), BODY.length);
        assertEquals("HTTP/1.1 200 \r\nX-End: 2\r\nContent-Length: 5\r\n", text(StoredHead.full(response)));
    }

    /** The body goes whole, so its length is the body's, whatever field said it. */
    @Test
    void testContentLengthIsWrittenFromTheBodysLength() {
        ResponseFacts response = new ResponseFacts(200, fields("content-length", "5", "X-A", "1"), BODY.length);
        assertEquals("HTTP/1.1 200 \r\nX-A: 1\r\nContent-Length: 5\r\n", text(StoredHead.full(response)));
    }

    /** RFC 9111 §5.1 and RFC 9110 §6.6.1: the hit carries the response's Date and its current Age. */
    @Test
    void testAHitCarriesTheResponsesDateAndItsAge() {
        CachedResponse entry = Heads.entry(Heads.get(), ok("Age", "3", "Cache-Control", "max-age=60", "X-A", "1"));
        assertEquals("HTTP/1.1 200 \r\nCache-Control: max-age=60\r\nX-A: 1\r\nContent-Length: 5\r\n"
                + "Date: " + date(T0) + "\r\nAge: 13\r\n\r\n", Heads.writtenHead(entry.hit(T0 + 10 * SECOND + 999, "", false, true)));
    }

    @Test
    void testTheHitsHeadEndsWithTheConnectionsFields() {
        CachedResponse entry = Heads.entry(Heads.get(), Heads.cacheable());
        String head = Heads.writtenHead(entry.hit(T0, "Connection: keep-alive\r\nKeep-Alive: timeout=20\r\n", false, true));
        assertEquals("Age: 0\r\nConnection: keep-alive\r\nKeep-Alive: timeout=20\r\n\r\n",
                head.substring(head.indexOf("Age:")));
    }

    /** RFC 9110 §15.4.5: a 304 carries the fields a cache updates its copy with, and no body. */
    @Test
    void testANotModifiedHeadCarriesOnlyTheValidatorsAndCachingFields() {
        CachedResponse entry = Heads.entry(Heads.get(), ok("Content-Type", "text/css", "ETag", "\"a\"",
                "Cache-Control", "max-age=60", "Content-Location", "/a.css", "Vary", "Accept-Encoding",
                "Expires", date(T0 + 60 * SECOND), "Last-Modified", date(T0 - SECOND), "X-A", "1"));
        assertEquals("HTTP/1.1 304 \r\nETag: \"a\"\r\nCache-Control: max-age=60\r\nContent-Location: /a.css\r\n"
                + "Vary: Accept-Encoding\r\nExpires: " + date(T0 + 60 * SECOND) + "\r\nLast-Modified: "
                + date(T0 - SECOND) + "\r\nDate: " + date(T0) + "\r\nAge: 0\r\nConnection: close\r\n\r\n",
                Heads.writtenHead(entry.hit(T0, "Connection: close\r\n", true, false)));
    }

    /** Coyote writes control characters but tab as spaces; so does a hit, so that it cannot split a head. */
    @Test
    void testControlCharactersAreWrittenAsSpaces() {
        ResponseFacts response = new ResponseFacts(200, fields("X-A", "a\r\nX-B: b\tc\u007f"), 0);
        assertEquals("HTTP/1.1 200 \r\nX-A: a  X-B: b\tc \r\nContent-Length: 0\r\n", text(StoredHead.full(response)));
    }

    @Test
    void testTheBodyIsAViewOfItsOwnForEachHit() {
        CachedResponse entry = Heads.entry(Heads.get(), Heads.cacheable());
        ByteBuffer first = Heads.writtenBody(entry.hit(T0, "", false, true));
        first.get(new byte[2]);
        assertEquals("hello", text(Heads.writtenBody(entry.hit(T0, "", false, true))));
        assertEquals("llo", text(first));
    }
}
