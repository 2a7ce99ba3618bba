package org.hybridconnector.cache;

import static org.hybridconnector.cache.Heads.BODY;
import static org.hybridconnector.cache.Heads.SECOND;
import static org.hybridconnector.cache.Heads.SETTINGS;
import static org.hybridconnector.cache.Heads.T0;
import static org.hybridconnector.cache.Heads.cacheable;
import static org.hybridconnector.cache.Heads.get;
import static org.hybridconnector.cache.Heads.ok;
import static org.hybridconnector.cache.Heads.request;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** The cache as the connector uses it: store on a worker, answer on the selector thread. */
class ResponseCacheTest {

    private final ResponseCache cache = new ResponseCache(SETTINGS);

    private boolean store(RequestFacts request, ResponseFacts response) {
        return cache.store(request, cache.ticket(), response, BODY, T0, T0);
    }

    private static String text(ByteBuffer buffer) {
        return StandardCharsets.ISO_8859_1.decode(buffer).toString();
    }

    @Test
    void testAStoredResponseAnswersTheNextGet() {
        assertTrue(store(get(), cacheable("Content-Type", "image/png")));
        Hit hit = cache.answer(get(), T0 + SECOND);
        assertEquals(200, hit.status());
        ByteBuffer[] written = hit.buffers("");
        assertTrue(Heads.writtenHead(written).startsWith("HTTP/1.1 200 \r\nCache-Control: max-age=60\r\n"));
        assertEquals("hello", text(Heads.writtenBody(written)));
    }

    /** RFC 9110 §9.3.2: a HEAD gets the GET's head and no body. */
    @Test
    void testAHeadIsAnsweredWithoutBody() {
        store(get(), cacheable());
        Hit hit = cache.answer(request("HEAD", Heads.TARGET), T0);
        ByteBuffer[] written = hit.buffers("");
        assertTrue(Heads.writtenHead(written).contains("Content-Length: 5\r\n"));
        assertEquals(0, Heads.writtenBody(written).remaining());
    }

    /** RFC 9110 §13.2.2 and §15.4.5: a matching If-None-Match is answered 304, without body. */
    @Test
    void testAConditionalGetIsAnsweredNotModified() {
        store(get(), cacheable("ETag", "\"v1\""));
        Hit hit = cache.answer(get("If-None-Match", "\"v1\""), T0);
        assertEquals(304, hit.status());
        ByteBuffer[] written = hit.buffers("");
        assertTrue(Heads.writtenHead(written).startsWith("HTTP/1.1 304 \r\n"));
        assertEquals(0, Heads.writtenBody(written).remaining());
    }

    /** RFC 9111 §4.2: a stale entry is a miss; the request goes to a worker. */
    @Test
    void testAStaleEntryIsAMiss() {
        store(get(), cacheable());
        assertNull(cache.answer(get(), T0 + 60 * SECOND));
        assertEquals(1, cache.getMisses());
        assertEquals(0, cache.getHits());
    }

    @Test
    void testOnlyRequestsTheCacheMayAnswerCountAsHitsOrMisses() {
        store(get(), cacheable());
        cache.answer(get(), T0);
        cache.answer(request("GET", "/other"), T0);
        cache.answer(request("POST", Heads.TARGET), T0);
        cache.answer(get("X-Forwarded-Host", "evil.example"), T0);
        assertEquals(1, cache.getHits());
        assertEquals(1, cache.getMisses());
    }

    /** A request whose head could make the application answer otherwise cannot plant what others receive. */
    @Test
    void testAForwardedHostCannotPlantAnEntry() {
        assertFalse(store(get("X-Forwarded-Host", "evil.example"), cacheable()));
        assertNull(cache.answer(get(), T0));
        assertEquals(0, cache.getEntries());
    }

    /** RFC 9110 §12.5.3 and RFC 9111 §4.1: whatever two requests send, a gzip body goes only to one accepting gzip. */
    @Test
    void testNoRequestIsGivenAGzipBodyUnlessItAcceptsGzip() {
        String[] members = { "gzip", "X-Gzip", "br", "identity", "*" };
        String[] weights = { "", ";q=0", ";Q=0.3" };
        Random random = new Random(9110);
        int gzipHits = 0;
        for (int i = 0; i < 2000; i++) {
            String storing = acceptEncoding(random, members, weights);
            String asking = acceptEncoding(random, members, weights);
            AcceptedCodings stored = AcceptedCodings.of(Heads.fields("Accept-Encoding", storing));
            boolean gzip = stored != null && stored.accepts("gzip");
            cache.purge();
            store(get("Accept-Encoding", storing),
                    cacheable("Vary", "Accept-Encoding", "Content-Encoding", gzip ? "gzip" : "identity"));
            if (gzip && cache.answer(get("Accept-Encoding", asking), T0) != null) {
                gzipHits++;
                assertTrue(AcceptedCodings.of(Heads.fields("Accept-Encoding", asking)).accepts("gzip"),
                        storing + " stored, " + asking + " answered");
            }
        }
        assertTrue(gzipHits > 50, "the property was tried on too few hits");
    }

    private static String acceptEncoding(Random random, String[] members, String[] weights) {
        StringBuilder field = new StringBuilder();
        for (int j = random.nextInt(2); j >= 0; j--) {
            field.append(members[random.nextInt(members.length)]).append(weights[random.nextInt(weights.length)])
                    .append(", ");
        }
        return field.toString();
    }

    /** RFC 9111 §4.4. */
    @Test
    void testAnUnsafeRequestDropsTheEntry() {
        store(get(), cacheable());
        cache.invalidateAfter(request("PUT", Heads.TARGET), ok());
        assertNull(cache.answer(get(), T0));
        assertEquals(0, cache.getEntries());
    }

    @Test
    void testABodyThatIsNotWholeIsNotStored() {
        assertFalse(cache.store(get(), cache.ticket(), cacheable(), new byte[4], T0, T0));
    }

    @Test
    void testIsStorableSaysWhetherToKeepTheBody() {
        assertTrue(cache.isStorable(get(), cacheable(), T0, T0));
        assertFalse(cache.isStorable(get(), cacheable("Cache-Control", "private"), T0, T0));
        ResponseFacts large = new ResponseFacts(200, Heads.fields("Cache-Control", "max-age=60"),
                SETTINGS.maxObjectBytes() + 1);
        assertFalse(cache.isStorable(get(), large, T0, T0));
    }

    @Test
    void testInvalidateContextAndPurgeEmptyTheCache() {
        store(get(), cacheable());
        assertEquals(1, cache.invalidateContext(null, "/shop"));
        store(get(), cacheable());
        cache.purge();
        assertNull(cache.answer(get(), T0));
        assertEquals(2, cache.getStores());
    }
}
