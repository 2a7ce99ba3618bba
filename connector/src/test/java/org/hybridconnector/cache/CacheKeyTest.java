package org.hybridconnector.cache;

import static org.hybridconnector.cache.Heads.LOCAL_PORT;
import static org.hybridconnector.cache.Heads.fields;
import static org.hybridconnector.cache.Heads.get;
import static org.hybridconnector.cache.Heads.request;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;

import org.junit.jupiter.api.Test;

/** RFC 9111 §4.1 and §2: what a stored response is found by. */
class CacheKeyTest {

    private static CacheKey keyWithHost(String host) {
        return CacheKey.of(new RequestFacts("GET", "/a", fields("Host", host), LOCAL_PORT));
    }

    /** RFC 9110 §4.2.3: the host compares case-insensitively; Coyote gives a Host without port the local port. */
    @Test
    void testTheHostIsLowerCasedWithoutTheLocalPort() {
        assertEquals(new CacheKey("example.com", "/a"), keyWithHost("Example.COM:8080"));
        assertEquals(keyWithHost("example.com"), keyWithHost("EXAMPLE.com:8080"));
    }

    /** Coyote gives the application the port the Host names: another port is another key. */
    @Test
    void testAnotherPortStaysInTheHost() {
        assertEquals("example.com:80", keyWithHost("example.com:80").host());
        assertEquals("[::1]:8443", keyWithHost("[::1]:8443").host());
    }

    /** Only the local port spelled as Coyote reads it is left out: another spelling is kept as received. */
    @Test
    void testOnlyTheLocalPortItselfIsLeftOut() {
        assertEquals("example.com:0" + LOCAL_PORT, keyWithHost("example.com:0" + LOCAL_PORT).host());
        assertEquals("example.com:" + LOCAL_PORT + "0", keyWithHost("example.com:" + LOCAL_PORT + "0").host());
        assertEquals("example.com:" + (LOCAL_PORT + 1), keyWithHost("example.com:" + (LOCAL_PORT + 1)).host());
    }

    /** The selector's memo of the last Host gives what reading it anew gives, and notices a new port or host. */
    @Test
    void testTheLastHostReadsAsAFreshReading() {
        CacheKey.LastHost last = new CacheKey.LastHost();
        assertEquals("example.com", last.host("Example.com:" + LOCAL_PORT, LOCAL_PORT));
        assertEquals("example.com", last.host("Example.com:" + LOCAL_PORT, LOCAL_PORT));
        assertEquals("example.com:" + LOCAL_PORT, last.host("Example.com:" + LOCAL_PORT, LOCAL_PORT + 1));
        assertEquals("other.org", last.host("other.org", LOCAL_PORT + 1));
        assertNull(last.host("exa mple.com", LOCAL_PORT));
        assertNull(last.host("exa mple.com", LOCAL_PORT));
        RequestFacts request = new RequestFacts("GET", "/a", fields("Host", "B.com:" + LOCAL_PORT), LOCAL_PORT);
        assertEquals(CacheKey.of(request), CacheKey.of(request, last));
    }

    @Test
    void testAMissingRepeatedOrInvalidHostGivesNoKey() {
        assertNull(CacheKey.of(new RequestFacts("GET", "/a", fields(), LOCAL_PORT)));
        assertNull(CacheKey.of(new RequestFacts("GET", "/a", fields("Host", "a.com", "Host", "b.com"), LOCAL_PORT)));
        assertNull(keyWithHost(""));
        assertNull(keyWithHost("exa mple.com"));
        assertNull(keyWithHost("user@example.com"));
    }

    /** The target is kept as received: spellings that may differ to the application are not merged. */
    @Test
    void testTheTargetIsKeptAsReceived() {
        CacheKey encoded = CacheKey.of(request("GET", "/a?x=%2F"));
        CacheKey plain = CacheKey.of(request("GET", "/a?x=/"));
        assertNotNull(encoded);
        assertNotEquals(encoded, plain);
        assertEquals("/a?x=%2F", encoded.target());
    }

    @Test
    void testATargetNotInNormalFormHasNoKey() {
        for (String target : new String[] { "/a/../b", "/./b", "//b", "/%7Euser", "/a%2fb", "/a;jsessionid=1" }) {
            assertNull(CacheKey.of(request("GET", target)), target);
        }
    }

    /** RFC 9112 §3.2.2: the absolute form names a host of its own, which must not plant entries for the Host's. */
    @Test
    void testAnAbsoluteFormTargetHasNoKey() {
        assertNull(CacheKey.of(request("GET", "http://evil.example/shop/logo.png")));
    }

    /** Fields that make the application see another host, scheme, path or method keep a request out of the cache. */
    @Test
    void testEachForwardingFieldKeepsARequestOutOfTheCache() {
        assertNotNull(CacheKey.of(get()));
        for (String field : CacheKey.FORWARDING_FIELDS) {
            assertNull(CacheKey.of(get(field.toLowerCase(Locale.ENGLISH), "evil.example")), field);
        }
    }

    @Test
    void testHostNameLeavesOutThePort() {
        assertEquals("example.com", keyWithHost("example.com:80").hostName());
        assertEquals("[::1]", keyWithHost("[::1]:8443").hostName());
        assertEquals("[::1]", keyWithHost("[::1]").hostName());
    }

    /** Catalina maps decoded paths to web applications; the root application holds every path. */
    @Test
    void testIsWithinComparesDecodedPathsSegmentBySegment() {
        assertTrue(new CacheKey("h", "/my%20shop/a?b").isWithin("/my shop"));
        assertTrue(new CacheKey("h", "/shop?b").isWithin("/shop"));
        assertFalse(new CacheKey("h", "/shop2/a").isWithin("/shop"));
        assertFalse(new CacheKey("h", "/a?/shop/").isWithin("/shop"));
        assertTrue(new CacheKey("h", "/anything").isWithin(""));
    }
}
