package org.hybridconnector.cache;

import static org.hybridconnector.cache.Heads.HOST;
import static org.hybridconnector.cache.Heads.TARGET;
import static org.hybridconnector.cache.Heads.ok;
import static org.hybridconnector.cache.Heads.request;
import static org.hybridconnector.cache.Heads.response;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/** RFC 9111 §4.4: invalidating after an unsafe request. */
class InvalidationTest {

    private static final CacheKey OWN = new CacheKey(HOST, TARGET);

    private static List<CacheKey> invalidatedBy(String method, ResponseFacts response) {
        return Invalidation.invalidatedBy(request(method, TARGET), response);
    }

    /** §4.4: a non-error response to an unsafe method invalidates the target. */
    @Test
    void testAnUnsafeRequestInvalidatesItsTarget() {
        for (String method : new String[] { "POST", "PUT", "DELETE", "PATCH" }) {
            assertEquals(List.of(OWN), invalidatedBy(method, ok()), method);
        }
    }

    /** §4.4: including methods whose safety is unknown. */
    @Test
    void testAnUnknownMethodCountsAsUnsafe() {
        assertEquals(List.of(OWN), invalidatedBy("PURGE", ok()));
    }

    /** RFC 9110 §9.2.1: safe methods change nothing. */
    @Test
    void testSafeMethodsInvalidateNothing() {
        for (String method : new String[] { "GET", "HEAD", "OPTIONS", "TRACE" }) {
            assertEquals(List.of(), invalidatedBy(method, ok()), method);
        }
    }

    /** §4.4: only a non-error status, 2xx or 3xx. */
    @Test
    void testOnlyANonErrorStatusInvalidates() {
        assertEquals(List.of(OWN), invalidatedBy("POST", response(303)));
        for (int status : new int[] { 100, 400, 404, 409, 500, 503 }) {
            assertEquals(List.of(), invalidatedBy("POST", response(status)), "status " + status);
        }
    }

    /** §4.4: the URIs in Location and Content-Location on the same host, absolute or relative. */
    @Test
    void testLocationAndContentLocationOnTheSameHostAreInvalidated() {
        ResponseFacts created = response(201, "Location", "http://EXAMPLE.com/shop/items/7?full",
                "Content-Location", "items/7");
        assertEquals(List.of(OWN, new CacheKey(HOST, "/shop/items/7?full"), new CacheKey(HOST, "/shop/items/7")),
                invalidatedBy("POST", created));
    }

    /** §4.4: never another origin's URI. */
    @Test
    void testALocationOnAnotherHostIsNotInvalidated() {
        for (String location : new String[] { "http://other.example/shop/", "http://example.com:8080/shop/",
                "//other.example/shop/", "mailto:shop@example.com", "http://exa mple/" }) {
            assertEquals(List.of(OWN), invalidatedBy("POST", response(302, "Location", location)), location);
        }
    }

    /** Any spelling of a stored target reaches it. */
    @Test
    void testAnySpellingOfATargetInvalidatesItsNormalForm() {
        RequestFacts spelled = request("DELETE", "/shop/./items;jsessionid=A/../%6Cogo.png");
        assertEquals(List.of(OWN), Invalidation.invalidatedBy(spelled, ok()));
    }

    /** RFC 9112 §3.2.2: an absolute-form target names its host itself, whatever the Host says. */
    @Test
    void testAnAbsoluteFormTargetInvalidatesOnTheHostItNames() {
        RequestFacts absolute = request("PUT", "http://Other.example:8080/shop/logo.png");
        ResponseFacts moved = response(204, "Content-Location", "/shop/logo.webp");
        assertEquals(List.of(new CacheKey("other.example:8080", TARGET),
                new CacheKey("other.example:8080", "/shop/logo.webp")),
                Invalidation.invalidatedBy(absolute, moved));
    }
}
