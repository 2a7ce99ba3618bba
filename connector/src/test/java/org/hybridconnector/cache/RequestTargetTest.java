package org.hybridconnector.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** RFC 3986 §6.2.2's syntax-based normalisation, and Tomcat's before mapping. */
class RequestTargetTest {

    /** RFC 3986 §5.2.4. */
    @Test
    void testDotSegmentsAreRemoved() {
        assertEquals("/a/c", RequestTarget.normalForm("/a/./b/../c"));
        assertEquals("/a/", RequestTarget.normalForm("/a/b/.."));
        assertEquals("/", RequestTarget.normalForm("/../.."));
    }

    /** RFC 3986 §6.2.2.2: an unreserved character percent-encoded is the character. */
    @Test
    void testUnreservedCharactersAreDecoded() {
        assertEquals("/~user/a-b_c.d", RequestTarget.normalForm("/%7Euser/a%2db%5Fc%2Ed"));
    }

    /** RFC 3986 §6.2.2.1: percent-encodings compare in upper case; a reserved one stays encoded. */
    @Test
    void testOtherPercentEncodingsAreUpperCased() {
        assertEquals("/a%2Fb?q=%3D%20", RequestTarget.normalForm("/a%2fb?q=%3d%20"));
    }

    /** Tomcat merges empty segments and drops path parameters before mapping a path. */
    @Test
    void testEmptySegmentsAndPathParametersGo() {
        assertEquals("/a/b/", RequestTarget.normalForm("//a;v=1//b;jsessionid=XYZ/"));
    }

    @Test
    void testTheQueryKeepsItsSlashesDotsAndSemicolons() {
        assertEquals("/a?x=/../;y", RequestTarget.normalForm("/a?x=/../;y"));
    }

    /** RFC 9112 §3.2: absolute, authority and asterisk forms are not origin-form. */
    @Test
    void testOnlyOriginFormHasANormalForm() {
        assertNull(RequestTarget.normalForm("http://example.com/a"));
        assertNull(RequestTarget.normalForm("example.com:443"));
        assertNull(RequestTarget.normalForm("*"));
        assertNull(RequestTarget.normalForm("/a#fragment"));
    }

    @Test
    void testABrokenPercentEncodingHasNone() {
        assertNull(RequestTarget.normalForm("/a%2"));
        assertNull(RequestTarget.normalForm("/a%zz"));
        assertNull(RequestTarget.normalForm("/a?b=%\u0663\u0663"));
    }

    /** A stored target is its own normal form, so normalising must settle at once. */
    @Test
    void testTheNormalFormIsItsOwnNormalForm() {
        String[] pieces = { "/", ".", "..", "a", "%2e", "%2E", "%7e", "%2f", "%41", ";p=1", "?", "=", "%3b" };
        Random random = new Random(9111);
        for (int i = 0; i < 5000; i++) {
            StringBuilder target = new StringBuilder("/");
            for (int j = random.nextInt(10); j > 0; j--) {
                target.append(pieces[random.nextInt(pieces.length)]);
            }
            String normal = RequestTarget.normalForm(target.toString());
            assertEquals(normal, RequestTarget.normalForm(normal), target.toString());
        }
    }

    /** The quick test for the common case must agree with building the normal form, on every kind of target. */
    @Test
    void testIsNormalAgreesWithTheNormalForm() {
        for (String target : List.of("/", "/a", "/a/b/", "/a.b/c..d/.e", "/a?x=1", "/a?x=/../y", "/a?b#c", "//a",
                "/a//b", "/./a", "/a/.", "/a/..", "/a/../b", "/..", "/.", "/a;jsessionid=1", "/a%2Fb", "/a%7e",
                "/a?q=%41", "*", "http://h/a", "/a/...", "/a/.b/", "/..a", "/a/b?", "/a/.?x", "/a/..?x")) {
            assertEquals(target.equals(RequestTarget.normalForm(target)), RequestTarget.isNormal(target), target);
        }
    }
}
