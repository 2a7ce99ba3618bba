package org.hybridconnector.cache;

import static org.hybridconnector.cache.Heads.SECOND;
import static org.hybridconnector.cache.Heads.T0;
import static org.hybridconnector.cache.Heads.cacheable;
import static org.hybridconnector.cache.Heads.entry;
import static org.hybridconnector.cache.Heads.get;
import static org.hybridconnector.cache.Heads.request;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** RFC 9111 §4: whether a request may be answered from the cache. */
class HitRulesTest {

    /** An entry fresh for a minute from {@link Heads#T0}, stored from a plain GET. */
    private static final CachedResponse ENTRY = entry(get(), cacheable("Content-Type", "text/html"));

    private static boolean answers(RequestFacts request, CachedResponse entry, long now) {
        return HitRules.mayAnswer(request, AcceptedCodings.of(request.fields()), entry, now);
    }

    @Test
    void testAPlainGetOrHeadMayAsk() {
        assertTrue(HitRules.mayAsk(get()));
        assertTrue(HitRules.mayAsk(request("HEAD", Heads.TARGET)));
    }

    /** §4: only a method whose response is stored, here GET, or HEAD answered from the GET's. */
    @Test
    void testOtherMethodsMayNotAsk() {
        for (String method : new String[] { "POST", "PUT", "DELETE", "OPTIONS", "get" }) {
            assertFalse(HitRules.mayAsk(request(method, Heads.TARGET)), method);
        }
    }

    /** The selector thread answers without reading content, which must then not be there. */
    @Test
    void testARequestWithContentMayNotAsk() {
        assertFalse(HitRules.mayAsk(get("Content-Length", "10")));
        assertFalse(HitRules.mayAsk(get("Transfer-Encoding", "chunked")));
        assertTrue(HitRules.mayAsk(get("Content-Length", "0")));
    }

    /**
     * A repeated Content-Length is Coyote's to refuse: answered here, a body behind a first "0"
     * would be read as the next request (request smuggling).
     */
    @Test
    void testARepeatedContentLengthMayNotAsk() {
        assertFalse(HitRules.mayAsk(get("Content-Length", "0", "Content-Length", "40")));
        assertFalse(HitRules.mayAsk(get("Content-Length", "0", "Content-Length", "0")));
    }

    /** RFC 9110 §14.2, §13.1.1 and §13.1.4: their answers (206, 412) are not stored ones. */
    @Test
    void testRangeAndTheIfMatchConditionsMayNotAsk() {
        assertFalse(HitRules.mayAsk(get("Range", "bytes=0-1")));
        assertFalse(HitRules.mayAsk(get("If-Match", "\"a\"")));
        assertFalse(HitRules.mayAsk(get("If-Unmodified-Since", Heads.date(T0))));
    }

    /** Coyote answers an unknown expectation 417 and closes; a hit would answer 200. */
    @Test
    void testAnExpectationMayNotAsk() {
        assertFalse(HitRules.mayAsk(get("Expect", "foo")));
        assertFalse(HitRules.mayAsk(get("Expect", "100-continue")));
    }

    /** Tomcat's default servlet answers a malformed If-None-Match 400; a well-formed one may ask. */
    @Test
    void testAMalformedIfNoneMatchMayNotAsk() {
        assertFalse(HitRules.mayAsk(get("If-None-Match", "abc")));
        assertFalse(HitRules.mayAsk(get("If-None-Match", "\"a\", b")));
        assertFalse(HitRules.mayAsk(get("If-None-Match", "\"a\"b\"")));
        assertFalse(HitRules.mayAsk(get("If-None-Match", "")));
        assertTrue(HitRules.mayAsk(get("If-None-Match", "\"a\", W/\"b\"")));
        assertTrue(HitRules.mayAsk(get("If-None-Match", "*")));
        // An empty member or an unclosed quote: Tomcat's parser refuses the line.
        for (String line : new String[] { "\"a\",", ",\"a\"", "\"a\",,\"b\"", "\"a\\\"", "W/" }) {
            assertFalse(HitRules.mayAsk(get("If-None-Match", line)), line);
        }
        assertFalse(HitRules.mayAsk(get("If-None-Match", "\"a\"", "If-None-Match", ",")), "a bad second line");
        assertTrue(HitRules.mayAsk(get("If-None-Match", "\"a\"", "If-None-Match", "W/\"b\"")));
        assertFalse(HitRules.mayAsk(get("If-None-Match", "*", "If-None-Match", "\"b\"")), "* beside tags");
    }

    /** RFC 9110 §7.8: an upgrade is the application's to accept. */
    @Test
    void testAnUpgradeMayNotAsk() {
        assertFalse(HitRules.mayAsk(get("Connection", "Upgrade", "Upgrade", "websocket")));
    }

    /** §5.2.1.4: the client wants the application's answer. */
    @Test
    void testNoCacheMayNotAsk() {
        assertFalse(HitRules.mayAsk(get("Cache-Control", "No-Cache")));
    }

    /** §5.4: Pragma: no-cache, heeded even beside Cache-Control. */
    @Test
    void testPragmaNoCacheMayNotAsk() {
        assertFalse(HitRules.mayAsk(get("Pragma", "no-cache")));
        assertFalse(HitRules.mayAsk(get("Cache-Control", "max-stale", "Pragma", "x, NO-CACHE")));
    }

    /** §4.2: only a fresh entry answers; this cache never serves stale. */
    @Test
    void testAStaleEntryDoesNotAnswer() {
        assertTrue(answers(get(), ENTRY, T0 + 59 * SECOND));
        assertFalse(answers(get(), ENTRY, T0 + 60 * SECOND));
    }

    /** §5.2.1.1: the client does not accept a response older than its max-age. */
    @Test
    void testAnEntryAsOldAsTheRequestsMaxAgeDoesNotAnswer() {
        assertTrue(answers(get("Cache-Control", "max-age=30"), ENTRY, T0 + 29 * SECOND));
        assertFalse(answers(get("Cache-Control", "max-age=30"), ENTRY, T0 + 30 * SECOND));
    }

    /** §5.2.1.1: max-age=0, a browser's reload, always reaches the application. */
    @Test
    void testMaxAgeZeroIsNeverAnswered() {
        assertFalse(answers(get("Cache-Control", "max-age=0"), ENTRY, T0));
    }

    /** §5.2.1.3: the client wants a response fresh for min-fresh seconds more. */
    @Test
    void testAnEntryFreshForLessThanMinFreshDoesNotAnswer() {
        assertTrue(answers(get("Cache-Control", "min-fresh=20"), ENTRY, T0 + 40 * SECOND));
        assertFalse(answers(get("Cache-Control", "min-fresh=20"), ENTRY, T0 + 41 * SECOND));
        assertFalse(answers(get("Cache-Control", "min-fresh=soon"), ENTRY, T0));
    }

    /** §3.5: a request with credentials gets only what a shared cache may give it. */
    @Test
    void testARequestWithAuthorizationGetsOnlyAnEntryThatMayBeShared() {
        RequestFacts authorized = get("Authorization", "Basic dTpw");
        assertFalse(answers(authorized, ENTRY, T0));
        assertTrue(answers(authorized, entry(get(), cacheable("Cache-Control", "public")), T0));
    }

    /** A project rule, as Varnish's default: a request with a cookie gets only a static type. */
    @Test
    void testARequestWithACookieGetsOnlyAStaticType() {
        RequestFacts withCookie = get("Cookie", "JSESSIONID=1");
        assertFalse(answers(withCookie, ENTRY, T0));
        assertTrue(answers(withCookie, entry(get(), cacheable("Content-Type", "image/png")), T0));
    }

    /** RFC 9110 §12.5.3: a body's coding must be one the request accepts, whether or not the entry varies. */
    @Test
    void testAGzipBodyGoesOnlyToARequestAcceptingGzip() {
        CachedResponse gzipped = entry(get("Accept-Encoding", "gzip"), cacheable("Content-Encoding", "gzip"));
        assertTrue(answers(get("Accept-Encoding", "x-gzip"), gzipped, T0));
        assertFalse(answers(get(), gzipped, T0));
        assertFalse(answers(get("Accept-Encoding", "br, gzip;q=0"), gzipped, T0));
    }
}
