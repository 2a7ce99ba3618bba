package org.hybridconnector.cache;

import static org.hybridconnector.cache.Heads.fields;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** RFC 9110 §12.5.3 (Accept-Encoding) and RFC 9111 §4.1 (the variant a request may be given). */
class AcceptedCodingsTest {

    private static final String[] CODINGS = { "gzip", "br", "deflate", "zstd", "identity", "compress" };

    private static AcceptedCodings codings(String acceptEncoding) {
        return AcceptedCodings.of(fields("Accept-Encoding", acceptEncoding));
    }

    private static String variant(String acceptEncoding) {
        return codings(acceptEncoding).variant();
    }

    /** RFC 9111 §4.1: fields that differ only in spacing, case and order select the same variant. */
    @Test
    void testSpacingCaseAndOrderGiveTheSameVariant() {
        List<String> members = new ArrayList<>(List.of("gzip", "deflate;q=0.5", "br;q=1.0"));
        Random random = new Random(4_1);
        String expected = variant("gzip, deflate;q=0.5, br;q=1.0");
        for (int i = 0; i < 200; i++) {
            Collections.shuffle(members, random);
            StringBuilder field = new StringBuilder();
            for (String member : members) {
                String spelled = random.nextBoolean() ? member.toUpperCase(Locale.ENGLISH) : member;
                String weightSpaced = spelled.replace(";", random.nextBoolean() ? " ; " : ";");
                field.append(random.nextBoolean() ? " , " : ",").append(weightSpaced);
            }
            assertEquals(expected, variant(field.toString()), field.toString());
        }
    }

    /** Weights above zero order preferences; the set of codings accepted, and so the variant, stays. */
    @Test
    void testWeightsAboveZeroDoNotChangeTheVariant() {
        assertEquals(variant("gzip, br"), variant("gzip;q=0.1, br;q=0.9"));
    }

    /** Tomcat compresses only for a request that lists gzip; no field, or an empty one, means identity only. */
    @Test
    void testNoFieldAndAnEmptyFieldAcceptOnlyIdentity() {
        AcceptedCodings none = AcceptedCodings.of(fields());
        assertTrue(none.accepts("identity"));
        assertFalse(none.accepts("gzip"));
        assertEquals(none.variant(), variant(""));
    }

    /** RFC 9110 §12.5.3: {@code *} matches any coding not listed. */
    @Test
    void testACodingIsAcceptedIfListedOrUnderAStar() {
        assertTrue(codings("br, gzip").accepts("gzip"));
        assertFalse(codings("br").accepts("gzip"));
        assertTrue(codings("br, *").accepts("gzip"));
        assertFalse(codings("gzip;q=0, *").accepts("gzip"));
    }

    /** RFC 9110 §12.4.2: a weight of 0 means not acceptable. */
    @Test
    void testAZeroWeightRefuses() {
        assertFalse(codings("gzip;q=0.000").accepts("gzip"));
        assertEquals(variant(""), variant("gzip;q=0"));
    }

    /** RFC 9110 §8.4.1.1 and §8.4.1.3: x-compress and x-gzip are compress and gzip. */
    @Test
    void testXGzipIsGzip() {
        assertTrue(codings("x-gzip").accepts("gzip"));
        assertTrue(codings("gzip").accepts("x-gzip"));
        assertEquals(variant("gzip, compress"), variant("x-gzip, x-compress"));
    }

    /** RFC 9110 §12.5.3: identity is acceptable unless refused by name or by a refused {@code *}. */
    @Test
    void testIdentityCanBeRefused() {
        assertFalse(codings("gzip, identity;q=0").accepts("identity"));
        assertFalse(codings("gzip, *;q=0").accepts("identity"));
        assertTrue(codings("gzip, *;q=0, identity").accepts("identity"));
    }

    /** A field the application could read otherwise gives no variant, so it cannot put a body under another's. */
    @Test
    void testAnUnclearFieldGivesNoCodings() {
        for (String unclear : new String[] { "gzip, gzip;q=0", "gzip, x-gzip", "gzip;q=2", "gzip;q=0.5000",
                "gzip;q=abc", "gzip;level=1", "gzip;q", "g zip", "\"gzip\"" }) {
            assertNull(codings(unclear), unclear);
        }
        assertNotNull(codings("gzip;Q=0.5"));
    }

    /**
     * RFC 9111 §4.1: two requests given the same variant accept the same codings, so no request
     * can be given a body whose coding it does not accept.
     */
    @Test
    void testRequestsOfOneVariantAcceptTheSameCodings() {
        String[] members = { "gzip", "x-gzip", "br", "deflate", "identity", "*", "zstd" };
        String[] weights = { "", ";q=0", ";q=0.5", ";q=1" };
        Random random = new Random(12_5_3);
        Map<String,String> acceptedByVariant = new HashMap<>();
        for (int i = 0; i < 5000; i++) {
            StringBuilder field = new StringBuilder();
            for (int j = random.nextInt(4); j > 0; j--) {
                field.append(members[random.nextInt(members.length)]).append(weights[random.nextInt(weights.length)])
                        .append(',');
            }
            AcceptedCodings codings = codings(field.toString());
            if (codings != null) {
                String accepted = accepted(codings);
                String earlier = acceptedByVariant.putIfAbsent(codings.variant(), accepted);
                assertEquals(earlier == null ? accepted : earlier, accepted, field.toString());
            }
        }
        assertTrue(acceptedByVariant.size() > 20, "the property was tried on too few variants");
    }

    private static String accepted(AcceptedCodings codings) {
        StringBuilder accepted = new StringBuilder();
        for (String coding : CODINGS) {
            accepted.append(coding).append('=').append(codings.accepts(coding)).append(' ');
        }
        return accepted.toString();
    }

    @Test
    void testAcceptsAllNeedsEveryCodingOfTheBody() {
        assertTrue(codings("gzip, br").acceptsAll(List.of("gzip", "br")));
        assertFalse(codings("gzip").acceptsAll(List.of("gzip", "br")));
        assertTrue(codings("").acceptsAll(List.of()));
    }
}
