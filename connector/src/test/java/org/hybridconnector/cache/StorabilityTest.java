package org.hybridconnector.cache;

import static org.hybridconnector.cache.Heads.BODY;
import static org.hybridconnector.cache.Heads.SETTINGS;
import static org.hybridconnector.cache.Heads.cacheable;
import static org.hybridconnector.cache.Heads.fields;
import static org.hybridconnector.cache.Heads.freshness;
import static org.hybridconnector.cache.Heads.get;
import static org.hybridconnector.cache.Heads.ok;
import static org.hybridconnector.cache.Heads.request;
import static org.hybridconnector.cache.Heads.response;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** RFC 9111 §3: whether a shared cache may store a response. Each test changes one thing of a storable exchange. */
class StorabilityTest {

    private static boolean storable(RequestFacts request, ResponseFacts response) {
        return Storability.storable(request, response, freshness(response), SETTINGS);
    }

    @Test
    void testAFreshResponseToAPlainGetIsStorable() {
        assertTrue(storable(get(), cacheable()));
    }

    /** §3: the method must be understood and cacheable; a HEAD's response has no body for a GET. */
    @Test
    void testOnlyResponsesToGetAreStored() {
        for (String method : new String[] { "HEAD", "POST", "get", "OPTIONS" }) {
            assertFalse(storable(request(method, Heads.TARGET), cacheable()), method);
        }
    }

    /** §3 and RFC 9110 §15.1: only the chosen heuristically cacheable statuses. */
    @Test
    void testOnlyTheChosenStatusesAreStored() {
        for (int status = 100; status < 600; status++) {
            boolean chosen = Storability.STATUSES.contains(Integer.valueOf(status));
            assertEquals(chosen, storable(get(), response(status, "Cache-Control", "max-age=60")), "status " + status);
        }
    }

    /** §3.3: a partial response is never stored. */
    @Test
    void testAPartialResponseIsNotStored() {
        assertFalse(storable(get(), cacheable("Content-Range", "bytes 0-4/10")));
    }

    /** A hit says the body's length, so it must be known before the body is sent. */
    @Test
    void testABodyOfUnknownLengthIsNotStored() {
        ResponseFacts chunked = new ResponseFacts(200, fields("Cache-Control", "max-age=60",
                "Transfer-Encoding", "chunked"), -1);
        assertFalse(storable(get(), chunked));
    }

    @Test
    void testAContentLengthThatDisagreesWithTheBodyIsNotStored() {
        ResponseFacts response = new ResponseFacts(200, fields("Cache-Control", "max-age=60", "Content-Length", "6"),
                BODY.length);
        assertFalse(storable(get(), response));
    }

    /** §5.2.2.5. */
    @Test
    void testResponseNoStoreIsNotStored() {
        assertFalse(storable(get(), cacheable("Cache-Control", "no-store")));
    }

    /** §5.2.2.7: a shared cache must not store a private response; the qualified form reads the same, the safe way. */
    @Test
    void testAPrivateResponseIsNotStoredEvenQualified() {
        assertFalse(storable(get(), cacheable("Cache-Control", "private")));
        assertFalse(storable(get(), cacheable("Cache-Control", "private=\"Set-Cookie\"")));
    }

    /** §5.2.2.4: no-cache needs a revalidation before each use, which this cache never makes. */
    @Test
    void testANoCacheResponseIsNotStoredEvenQualified() {
        assertFalse(storable(get(), cacheable("Cache-Control", "no-cache")));
        assertFalse(storable(get(), cacheable("Cache-Control", "no-cache=\"X-A\"")));
    }

    /** §5.2.1.5: a request's no-store forbids storing its response. */
    @Test
    void testARequestWithNoStoreIsNotStoredFrom() {
        assertFalse(storable(get("Cache-Control", "no-store"), cacheable()));
    }

    /** A response that sets a cookie is some user's. */
    @Test
    void testAResponseSettingACookieIsNotStored() {
        assertFalse(storable(get(), cacheable("Set-Cookie", "JSESSIONID=1")));
    }

    /** A close its request did not ask for may be the application's: a hit, keeping the connection, would drop it. */
    @Test
    void testAResponseThatClosedItsConnectionIsNotStored() {
        assertFalse(storable(get(), cacheable("Connection", "close")));
        assertFalse(storable(get(), cacheable("Connection", "Keep-Alive, Close")));
        assertTrue(storable(get(), cacheable("Connection", "keep-alive")));
        assertTrue(storable(get("Connection", "close"), cacheable("Connection", "close")), "the request's close");
    }

    /** A project rule, as Varnish's default: with a cookie, only the static types are stored. */
    @Test
    void testAResponseToARequestWithACookieIsStoredOnlyForAStaticType() {
        assertFalse(storable(get("Cookie", "JSESSIONID=1"), cacheable("Content-Type", "text/html")));
        assertTrue(storable(get("Cookie", "JSESSIONID=1"), cacheable("Content-Type", "image/png")));
    }

    /** §3.5: a response to a request with Authorization needs public, s-maxage or must-revalidate. */
    @Test
    void testAResponseToARequestWithAuthorizationNeedsADirectiveThatSharesIt() {
        RequestFacts authorized = get("Authorization", "Basic dTpw");
        assertFalse(storable(authorized, cacheable()));
        for (String directive : new String[] { "public", "s-maxage=60", "must-revalidate" }) {
            assertTrue(storable(authorized, cacheable("Cache-Control", directive)), directive);
        }
    }

    /** §4.1: only the encoding variant is kept, so only Vary: Accept-Encoding. */
    @Test
    void testAResponseVaryingOnAnythingButAcceptEncodingIsNotStored() {
        assertTrue(storable(get(), cacheable("Vary", "accept-encoding, Accept-Encoding")));
        assertFalse(storable(get(), cacheable("Vary", "Accept-Encoding, User-Agent")));
        assertFalse(storable(get(), cacheable("Vary", "*")));
    }

    /** The response to a Range request is a part, or depends on If-Range. */
    @Test
    void testARangeRequestIsNotStoredFrom() {
        assertFalse(storable(get("Range", "bytes=0-"), cacheable()));
    }

    @Test
    void testARequestWithContentIsNotStoredFrom() {
        assertFalse(storable(get("Content-Length", "3"), cacheable()));
        assertFalse(storable(get("Transfer-Encoding", "chunked"), cacheable()));
        assertTrue(storable(get("Content-Length", "0"), cacheable()));
    }

    /** §4.2: neither explicit nor heuristic freshness: it would never be used. */
    @Test
    void testAResponseWithoutFreshnessIsNotStored() {
        assertFalse(storable(get(), ok("Content-Type", "image/png")));
    }

    /** §4.2: a response stale on arrival would never be used either. */
    @Test
    void testAResponseStaleOnArrivalIsNotStored() {
        assertFalse(storable(get(), ok("Cache-Control", "max-age=0")));
    }

    /** §4.1 and {@link CacheKey}: a request that has no key is not stored from. */
    @Test
    void testARequestWithoutAKeyIsNotStoredFrom() {
        assertFalse(storable(get("X-Forwarded-Host", "evil.example"), cacheable()));
        assertFalse(storable(request("GET", "/a/../shop/logo.png"), cacheable()));
    }

    @Test
    void testARequestWithAnUnclearAcceptEncodingIsNotStoredFrom() {
        assertFalse(storable(get("Accept-Encoding", "gzip, gzip;q=0"), cacheable()));
    }
}
