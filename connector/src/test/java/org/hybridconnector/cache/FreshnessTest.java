package org.hybridconnector.cache;

import static org.hybridconnector.cache.Heads.BODY;
import static org.hybridconnector.cache.Heads.SECOND;
import static org.hybridconnector.cache.Heads.SETTINGS;
import static org.hybridconnector.cache.Heads.T0;
import static org.hybridconnector.cache.Heads.date;
import static org.hybridconnector.cache.Heads.fields;
import static org.hybridconnector.cache.Heads.freshness;
import static org.hybridconnector.cache.Heads.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** RFC 9111 §4.2: freshness lifetime and age. */
class FreshnessTest {

    private static final long DAY = 86400 * SECOND;

    private static long lifetime(String... fields) {
        return freshness(ok(fields)).lifetime();
    }

    /** A static file last modified {@code daysAgo} days before {@link Heads#T0}. */
    private static ResponseFacts lastModified(String mediaType, long daysAgo) {
        return ok("Content-Type", mediaType, "Last-Modified", date(T0 - daysAgo * DAY));
    }

    /**
     * §4.2.1 and §4.2.2: only Cache-Control, Expires, or Last-Modified on a static type can give a
     * lifetime; the quick test says no to nothing else, and whatever it says no to is never fresh.
     */
    @Test
    void testOnlyTheFieldsThatCanGiveALifetimeAreLookedFor() {
        List<ResponseFacts> may = List.of(ok("Cache-Control", "max-age=60"), ok("Cache-Control", "public"),
                ok("Expires", date(T0 + DAY)), lastModified("image/png", 10));
        List<ResponseFacts> cannot = List.of(ok(), ok("Content-Type", "text/html"),
                lastModified("text/html", 10), ok("Content-Type", "image/png", "ETag", "\"a\""));
        for (int i = 0; i < may.size(); i++) {
            assertTrue(Freshness.mayHaveLifetime(may.get(i), SETTINGS), "may have one: " + i);
        }
        for (int i = 0; i < cannot.size(); i++) {
            assertFalse(Freshness.mayHaveLifetime(cannot.get(i), SETTINGS), "cannot have one: " + i);
            assertFalse(freshness(cannot.get(i)).isFresh(T0), "fresh without a lifetime: " + i);
        }
    }

    /** §4.2.1: a shared cache takes s-maxage first. */
    @Test
    void testSharedMaxAgeWinsOverMaxAgeAndExpires() {
        assertEquals(30 * SECOND, lifetime("Cache-Control", "max-age=60, s-maxage=30", "Expires", date(T0 + DAY)));
    }

    /** §4.2.1 and §5.3: max-age wins over Expires. */
    @Test
    void testMaxAgeWinsOverExpires() {
        assertEquals(60 * SECOND, lifetime("Cache-Control", "max-age=60", "Expires", date(T0 + DAY)));
    }

    /** §4.2.1: without a directive, Expires minus Date. */
    @Test
    void testExpiresCountsFromDate() {
        assertEquals(90 * SECOND, lifetime("Expires", date(T0 + 90 * SECOND)));
        assertEquals(0, lifetime("Expires", date(T0 - 90 * SECOND)));
    }

    /** §5.3: an invalid date, especially "0", is in the past. */
    @Test
    void testAnInvalidExpiresMeansAlreadyExpired() {
        assertEquals(0, lifetime("Expires", "0"));
        assertEquals(0, lifetime("Expires", "tomorrow"));
    }

    /** §4.2.1: conflicting freshness information: the response is stale. */
    @Test
    void testTwoExpiresLinesOrARepeatedMaxAgeMeanStale() {
        assertEquals(0, lifetime("Expires", date(T0 + DAY), "Expires", date(T0 + DAY)));
        assertEquals(0, lifetime("Cache-Control", "max-age=60", "Cache-Control", "max-age=60"));
    }

    /** §4.2.2: a tenth of the time since Last-Modified, as the RFC suggests. */
    @Test
    void testHeuristicFreshnessIsATenthOfTheTimeSinceLastModified() {
        assertEquals(DAY / 10, freshness(lastModified("image/png", 1)).lifetime());
    }

    /** §4.2.2: the heuristic is capped. */
    @Test
    void testHeuristicFreshnessIsCapped() {
        assertEquals(SETTINGS.maxHeuristicSeconds() * SECOND, freshness(lastModified("text/css", 365)).lifetime());
        CacheSettings none = new CacheSettings(1 << 20, 1 << 16, CacheSettings.DEFAULT_STATIC_TYPES, 0);
        assertEquals(0, Freshness.of(lastModified("text/css", 365), none, T0, T0).lifetime());
    }

    /** §4.2.2 leaves the choice to the cache: here only the static types get a heuristic. */
    @Test
    void testHeuristicFreshnessIsOnlyForStaticTypes() {
        assertEquals(0, freshness(lastModified("text/html; charset=UTF-8", 10)).lifetime());
        for (String type : List.of("image/svg+xml", "font/woff2", "text/javascript", "Text/CSS; charset=utf-8")) {
            assertTrue(freshness(lastModified(type, 10)).lifetime() > 0, type);
        }
    }

    /** §4.2.2: no explicit expiration, no Last-Modified: nothing to base a heuristic on. */
    @Test
    void testHeuristicFreshnessNeedsLastModified() {
        assertEquals(0, lifetime("Content-Type", "image/png"));
        assertEquals(0, freshness(lastModified("image/png", -1)).lifetime());
    }

    /** RFC 9110 §6.6.1: without a Date, the time the response was received stands for it. */
    @Test
    void testWithoutDateTheResponseTimeCounts() {
        ResponseFacts undated = new ResponseFacts(200, fields("Expires", date(T0 + 90 * SECOND)), BODY.length);
        Freshness freshness = Freshness.of(undated, SETTINGS, T0 + 30 * SECOND, T0 + 30 * SECOND);
        assertEquals(T0 + 30 * SECOND, freshness.date());
        assertEquals(60 * SECOND, freshness.lifetime());
        assertEquals(0, freshness.age(T0 + 30 * SECOND));
    }

    /** §4.2.3: the apparent age counts when the Date is older than the response. */
    @Test
    void testAgeCountsTheApparentAge() {
        Freshness freshness = Freshness.of(ok(), SETTINGS, T0 + 5 * SECOND, T0 + 5 * SECOND);
        assertEquals(5 * SECOND, freshness.age(T0 + 5 * SECOND));
    }

    /** §4.2.3: the Age received plus the response delay, when more than the apparent age. */
    @Test
    void testAgeCountsTheAgeReceivedPlusTheResponseDelay() {
        Freshness freshness = Freshness.of(ok("Age", "100"), SETTINGS, T0 - 2 * SECOND, T0);
        assertEquals(102 * SECOND, freshness.age(T0));
    }

    /** §5.1: the first member of a list counts; an invalid value is ignored. */
    @Test
    void testAnAgeListCountsItsFirstMemberAndAnInvalidAgeIsIgnored() {
        assertEquals(7 * SECOND, freshness(ok("Age", "7, 100")).age(T0));
        assertEquals(0, freshness(ok("Age", "-7")).age(T0));
    }

    /** §4.2.3: the resident time adds to the age. */
    @Test
    void testResidentTimeAddsToTheAge() {
        assertEquals(42 * SECOND, freshness(ok("Age", "2")).age(T0 + 40 * SECOND));
    }

    /** §4.2: fresh while the freshness lifetime exceeds the current age. */
    @Test
    void testFreshWhileTheLifetimeExceedsTheAge() {
        Freshness freshness = freshness(ok("Cache-Control", "max-age=60"));
        assertTrue(freshness.isFresh(T0 + 60 * SECOND - 1));
        assertFalse(freshness.isFresh(T0 + 60 * SECOND));
    }
}
