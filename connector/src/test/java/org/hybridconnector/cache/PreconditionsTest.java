package org.hybridconnector.cache;

import static org.hybridconnector.cache.Heads.SECOND;
import static org.hybridconnector.cache.Heads.T0;
import static org.hybridconnector.cache.Heads.cacheable;
import static org.hybridconnector.cache.Heads.date;
import static org.hybridconnector.cache.Heads.entry;
import static org.hybridconnector.cache.Heads.get;
import static org.hybridconnector.cache.Heads.response;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** RFC 9110 §13: conditional GETs answered from a fresh entry. */
class PreconditionsTest {

    private static final long MODIFIED = T0 - 3600 * SECOND;
    private static final CachedResponse ENTRY = entry(get(),
            cacheable("ETag", "W/\"v2\"", "Last-Modified", date(MODIFIED)));

    private static boolean notModified(String... conditions) {
        return Preconditions.notModified(get(conditions), ENTRY);
    }

    @Test
    void testAnUnconditionalRequestGetsTheResponse() {
        assertFalse(notModified());
    }

    /** §13.1.2 with §8.8.3.2: If-None-Match compares weakly. */
    @Test
    void testIfNoneMatchWithTheEntityTagIsNotModifiedStrongOrWeak() {
        assertTrue(notModified("If-None-Match", "W/\"v2\""));
        assertTrue(notModified("If-None-Match", "\"v2\""));
    }

    /** §13.1.2: any member of the list may match. */
    @Test
    void testIfNoneMatchMatchesAnyMemberOfItsList() {
        assertTrue(notModified("If-None-Match", "\"v1\", \"v2\""));
        assertTrue(notModified("If-None-Match", "\"v0\"", "If-None-Match", "W/\"v2\""));
    }

    /** §13.1.2: "*" matches any current representation, and the entry is one. */
    @Test
    void testIfNoneMatchStarIsNotModified() {
        assertTrue(notModified("If-None-Match", "*"));
    }

    @Test
    void testIfNoneMatchWithOtherTagsGetsTheResponse() {
        assertFalse(notModified("If-None-Match", "\"v1\", W/\"v3\", \"V2\""));
    }

    @Test
    void testIfNoneMatchAgainstAnEntryWithoutEntityTagGetsTheResponse() {
        CachedResponse untagged = entry(get(), cacheable());
        assertFalse(Preconditions.notModified(get("If-None-Match", "\"v2\""), untagged));
    }

    /** §13.1.3: not modified since a date at or after Last-Modified. */
    @Test
    void testIfModifiedSinceTheLastModificationIsNotModified() {
        assertTrue(notModified("If-Modified-Since", date(MODIFIED)));
        assertTrue(notModified("If-Modified-Since", date(MODIFIED + SECOND)));
        assertFalse(notModified("If-Modified-Since", date(MODIFIED - SECOND)));
    }

    /** §13.2.2: If-Modified-Since is evaluated only without If-None-Match. */
    @Test
    void testIfModifiedSinceIsIgnoredBesideIfNoneMatch() {
        assertFalse(notModified("If-None-Match", "\"v1\"", "If-Modified-Since", date(T0)));
    }

    /** §13.1.3: an invalid date, or more than one, is ignored. */
    @Test
    void testAnInvalidIfModifiedSinceIsIgnored() {
        assertFalse(notModified("If-Modified-Since", "yesterday"));
        assertFalse(notModified("If-Modified-Since", date(T0), "If-Modified-Since", date(T0)));
    }

    /** §13.2.1: conditions apply to a representation, which a 404 is not. */
    @Test
    void testConditionsDoNotApplyToANon2xxEntry() {
        CachedResponse notFound = entry(get(), response(404, "Cache-Control", "max-age=60", "ETag", "\"v2\""));
        assertFalse(Preconditions.notModified(get("If-None-Match", "*"), notFound));
    }
}
