package org.hybridconnector.cache;

import static org.hybridconnector.cache.Heads.fields;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CacheControlTest {

    private static final long INVALID = -7;

    private static CacheControl cacheControl(String value) {
        return CacheControl.of(fields("Cache-Control", value));
    }

    /** RFC 9111 §5.2: directive names compare case-insensitively. */
    @Test
    void testDirectiveNamesCompareCaseInsensitively() {
        CacheControl cacheControl = cacheControl("No-Store, MAX-AGE=5");
        assertTrue(cacheControl.has("no-store"));
        assertEquals(5, cacheControl.seconds("max-age", INVALID));
    }

    /** RFC 9111 §5.2: recipients accept an argument in either the token or the quoted-string form. */
    @Test
    void testAQuotedArgumentReadsLikeAToken() {
        assertEquals(60, cacheControl("s-maxage=\"60\"").seconds("s-maxage", INVALID));
    }

    /** RFC 9111 §4.2.1: a directive given twice may make the response stale; the caller says what invalid means. */
    @Test
    void testARepeatedDirectiveReadsAsInvalid() {
        assertEquals(INVALID, cacheControl("max-age=60, max-age=60").seconds("max-age", INVALID));
    }

    /** RFC 9111 §1.2.2: delta-seconds is a non-negative decimal integer. */
    @Test
    void testAnArgumentThatIsNotDeltaSecondsReadsAsInvalid() {
        for (String argument : new String[] { "max-age", "max-age=", "max-age=-1", "max-age=1.5", "max-age=0x10" }) {
            assertEquals(INVALID, cacheControl(argument).seconds("max-age", INVALID), argument);
        }
    }

    @Test
    void testAnAbsentDirectiveReadsAsMinusOne() {
        CacheControl cacheControl = cacheControl("public");
        assertEquals(-1, cacheControl.seconds("max-age", INVALID));
        assertFalse(cacheControl.has("private"));
    }

    /** RFC 9111 §1.2.2: a value too large to represent counts as 2147483648. */
    @Test
    void testAValueTooLargeIsCappedAtTwoToTheThirtyFirst() {
        assertEquals(2147483648L, cacheControl("max-age=99999999999999999999999").seconds("max-age", INVALID));
    }

    /** RFC 9111 §5.2.2.7: {@code private} may list fields; it is still {@code private}. */
    @Test
    void testAQualifiedDirectiveIsPresent() {
        CacheControl cacheControl = cacheControl("private=\"Set-Cookie, Authorization\", no-cache=\"X-A\"");
        assertTrue(cacheControl.has("private"));
        assertTrue(cacheControl.has("no-cache"));
        assertFalse(cacheControl.has("authorization\""));
    }
}
