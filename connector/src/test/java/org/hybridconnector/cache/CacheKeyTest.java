package org.hybridconnector.cache;

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
        return CacheKey.of(new RequestFacts("GET", "/a", fields("Host", host)));
    }

    /** RFC 9110 §4.2.3: the host compares case-insensitively. */
    @Test
    void testTheHostIsLowerCased() {
        assertEquals(new CacheKey("example.com:8080", "/a"), keyWithHost("Example.COM:8080"));
        assertEquals(keyWithHost("example.com"), keyWithHost("EXAMPLE.com"));
    }

    /**
     * Coyote gives the application the port a Host names, and a Host naming none the scheme's
     * (80 here), not the connection's: each spelling of the port is a key of its own, so that a
     * page printing its address for {@code Host: shop:8080} is never served for {@code Host: shop}.
     */
    @Test
    void testThePortStaysInTheHostAsReceived() {
        assertEquals("example.com:80", keyWithHost("example.com:80").host());
        assertEquals("example.com:8080", keyWithHost("example.com:8080").host());
        assertEquals("example.com:08080", keyWithHost("example.com:08080").host());
        assertEquals("[::1]:8443", keyWithHost("[::1]:8443").host());
        assertNotEquals(keyWithHost("example.com"), keyWithHost("example.com:8080"));
        assertNotEquals(keyWithHost("example.com"), keyWithHost("example.com:80"));
    }

    /** The selector's memo of the last Host gives what reading it anew gives, and notices a new host. */
    @Test
    void testTheLastHostReadsAsAFreshReading() {
        CacheKey.LastHost last = new CacheKey.LastHost();
        assertEquals("example.com:8080", last.host("Example.com:8080"));
        assertEquals("example.com:8080", last.host("Example.com:8080"));
        assertEquals("example.com", last.host("Example.com"));
        assertEquals("other.org", last.host("other.org"));
        assertNull(last.host("exa mple.com"));
        assertNull(last.host("exa mple.com"));
        RequestFacts request = new RequestFacts("GET", "/a", fields("Host", "B.com:8080"));
        assertEquals(CacheKey.of(request), CacheKey.of(request, last));
    }

    @Test
    void testAMissingRepeatedOrInvalidHostGivesNoKey() {
        assertNull(CacheKey.of(new RequestFacts("GET", "/a", fields())));
        assertNull(CacheKey.of(new RequestFacts("GET", "/a", fields("Host", "a.com", "Host", "b.com"))));
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
