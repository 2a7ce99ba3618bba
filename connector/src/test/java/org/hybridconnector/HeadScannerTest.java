package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.apache.tomcat.util.http.parser.HttpParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HeadScannerTest {

    private static final HeadRules STRICT = HeadRules.DEFAULTS;

    private final HeadScanner scanner = new HeadScanner(STRICT);
    private final ByteBuffer buffer = ByteBuffer.allocate(256);

    private boolean arrive(String bytes) {
        buffer.put(bytes.getBytes(StandardCharsets.ISO_8859_1));
        return scanner.headComplete(buffer);
    }

    @Test
    void testCompleteHeadInOneRead() {
        assertTrue(arrive("GET / HTTP/1.1\r\nHost: a\r\n\r\n"));
    }

    @Test
    void testHeadSplitAtEveryByteIsCompleteOnlyAtTheLastByte() {
        String head = "GET / HTTP/1.1\r\nHost: a\r\n\r\n";
        for (int i = 0; i < head.length() - 1; i++) {
            assertFalse(arrive(head.substring(i, i + 1)), "complete too early at byte " + i);
        }
        assertTrue(arrive(head.substring(head.length() - 1)));
    }

    @Test
    void testAWellFormedHeadSaysWhereItEndsAndABadOrOldOneDoesNot() {
        String head = "GET /x HTTP/1.1\r\nHost: a\r\nX-Long: " + "v".repeat(40) + "\r\n\r\n";
        for (int i = 0; i < head.length() - 1; i++) {
            arrive(head.substring(i, i + 1));
            assertEquals(-1, scanner.wellFormedHeadEnd(), "ended at byte " + i);
        }
        assertTrue(arrive(head.substring(head.length() - 1) + "GET /next"));
        assertEquals(head.length(), scanner.wellFormedHeadEnd(), "pipelined bytes are not part of the head");
        // A folded line is Coyote's to join to the field before it: complete, but not the cache's.
        for (String decided : List.of("GET /x HTTP/1.1\r\nBad Name: a\r\n\r\n", "GET /old\r\n",
                "GET /x HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n 40\r\n\r\n")) {
            HeadScanner other = new HeadScanner(STRICT);
            assertTrue(other.headComplete(ByteBuffer.allocate(256).put(decided.getBytes(StandardCharsets.ISO_8859_1))));
            assertEquals(-1, other.wellFormedHeadEnd(), decided);
        }
    }

    @Test
    void testBareLineFeedsEndAHead() {
        assertTrue(arrive("GET / HTTP/1.1\nHost: a\n\n"));
    }

    @Test
    void testHeaderLinesAloneAreNotAnEnd() {
        assertFalse(arrive("GET / HTTP/1.1\r\nHost: a\r\nAccept: */*\r\n"));
        assertFalse(arrive("X: \r"));
        assertTrue(arrive("\n\r\n"));
    }

    @Test
    void testCrBetweenTwoCrsIsABadFieldLineEndedByItsLf() {
        // Coyote reads CR CR as the start of a bad field name, to the line's end, then answers 400.
        assertEquals(27, firstDecidedAt(STRICT, "GET / HTTP/1.1\r\nHost: a\r\n\r\r\n"));
    }

    @Test
    void testScanStartsOverWhenTheBufferWasDrained() {
        assertFalse(arrive("GET / HTTP/1.1\r\nHost: a\r\n"));
        // The buffer now holds the start of the next request (a pipelined leftover, say).
        buffer.clear();
        scanner.reset();
        assertFalse(arrive("GET /next HTTP/1.1\r\n"));
        assertTrue(arrive("\r\n"));
    }

    @Test
    void testAFirstLineThatIsNoHttp1RequestLineIsCompleteAtOnce() {
        // HTTP/0.9: the request line is the whole request.
        assertTrue(arrive("GET /index.html\r\n"));
    }

    @Test
    void testARequestLineAloneIsNotComplete() {
        assertFalse(arrive("GET /index.html HTTP/1.1\r\n"));
        assertFalse(arrive("Host: a\r\n"));
        assertTrue(arrive("\r\n"));
    }

    @Test
    void testARequestLineSplitAroundItsVersionIsRecognised() {
        assertFalse(arrive("GET / HT"));
        assertFalse(arrive("TP/1.1\r"));
        assertFalse(arrive("\nHost: a\r\n"));
        assertTrue(arrive("\r\n"));
    }

    /**
     * Feeds {@code head} one byte at a time to a fresh scanner: the index of the byte at which it
     * first answers {@code true}, or -1 if it never does. Whole or split, the answer is the same,
     * since the scanner's state after each byte is all it keeps.
     */
    private static int firstDecidedAt(HeadRules rules, String head) {
        HeadScanner split = new HeadScanner(rules);
        ByteBuffer bytes = ByteBuffer.allocate(head.length());
        for (int i = 0; i < head.length(); i++) {
            bytes.put((byte) head.charAt(i));
            if (split.headComplete(bytes)) {
                HeadScanner whole = new HeadScanner(rules);
                assertTrue(whole.headComplete(bytes), "whole, up to the deciding byte");
                return i;
            }
        }
        assertFalse(new HeadScanner(rules).headComplete(bytes), "whole, never decided");
        return -1;
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "GET / HTTP/1.1\r\nHost: a\r\n\r\n",
        "\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n",          // blank lines before the request line
        "GET /a?b=c&d=%20 HTTP/1.1\nHost: a\n\n",           // bare LFs
        "POST /x HTTP/1.1\r\nContent-Length: 0\r\nX-Folded: a\r\n\tb\r\n\r\n",
        "GET / HTTP/1.1\r\nX-Opaque: caf\u00e9\r\n\r\n",      // obs-text in a value
        "GET / HTTP/1.1\r\nEmpty:\r\n\r\n",
        "PRI * HTTP/2.0\r\n\r\n",                           // the HTTP/2 preface's head
    })
    void testAValidHeadIsDecidedAtItsLastByteOnly(String head) {
        assertEquals(head.length() - 1, firstDecidedAt(STRICT, head));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "GET /test HTTP/1.1\rH|ost: x\r\r",                 // bare CRs as line ends
        "GET /te\rs|t HTTP/1.1\r\n\r\n",
        "GET \r|\n",                                        // a CR where the target begins
        "GET / \r|\n\r\n",                                  // no version
        "GET / \n|\r\n",
        "G\0|ET / HTTP/1.1\r\n\r\n",                        // a NUL in the method
        "GET /\0|x HTTP/1.1\r\n\r\n",                       // ... in the target
        "GET /?q=\0|x HTTP/1.1\r\n\r\n",                    // ... in the query
        "GET /a b|c HTTP/1.1\r\n\r\n",                      // a space inside the target
        "GET / HTTP/1.1 |\r\n\r\n",
        "GET /a\u007f|b HTTP/1.1\r\n\r\n",                  // DEL in the target
        "G\u00e9|T / HTTP/1.1\r\n\r\n",                     // a non-token byte in the method
        "GET /\u00e9| HTTP/1.1\r\n\r\n",                    // a raw non-ASCII byte in the target
    })
    void testABadRequestLineIsDecidedAtItsFirstBadByte(String marked) {
        // The byte before '|' is the first that Coyote refuses, at once.
        int at = marked.indexOf('|') - 1;
        assertEquals(at, firstDecidedAt(STRICT, marked.replace("|", "")), marked);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "GET / HTTP/1.1\r\nHost: x\rAccept: */*\r\n|\r\n",  // a bare CR in a value
        "GET / HTTP/1.1\r\nHost: a\0\r\n|\r\n",             // a NUL in a value
        "GET / HTTP/1.1\r\nHo\0st: a\r\n|\r\n",             // ... in a name
        "GET / HTTP/1.1\r\n Host: a\r\n|\r\n",              // a continuation with nothing to continue
        "GET / HTTP/1.1\r\nHost : a\r\n|\r\n",              // a space before the colon
        "GET / HTTP/1.1\r\n:a\r\n|\r\n",                    // an empty field name
        "GET / HTTP/1.1\r\nHost\n|\r\n",                    // a name and no colon
    })
    void testABadFieldLineIsDecidedAtItsLf(String marked) {
        // Coyote reads a bad field line to its end before it answers, with the bytes in the
        // connection's buffer either way: the scanner decides where Coyote does.
        int at = marked.indexOf('|') - 1;
        assertEquals(at, firstDecidedAt(STRICT, marked.replace("|", "")), marked);
    }

    @Test
    void testAFieldBeyondMaxHeaderCountIsRefusedAtItsColon() {
        HeadRules twoFields = new HeadRules(new HttpParser(null, null), () -> 2, () -> 8192);
        String head = "GET / HTTP/1.1\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n";
        assertEquals(head.indexOf("C:") + 1, firstDecidedAt(twoFields, head));
        HeadRules unlimited = new HeadRules(new HttpParser(null, null), () -> -1, () -> 8192);
        assertEquals(head.length() - 1, firstDecidedAt(unlimited, head));
    }

    @Test
    void testAnUnfinishedHeadReachingMaxHttpRequestHeaderSizeIsRefused() {
        HeadRules small = new HeadRules(new HttpParser(null, null), () -> 100, () -> 40);
        String head = "GET / HTTP/1.1\r\nX-Long: " + "a".repeat(40) + "\r\n\r\n";
        assertEquals(39, firstDecidedAt(small, head), "at the 40th byte");
    }

    /** A read buffer larger than maxHttpRequestHeaderSize may hold a longer head whole: Coyote answers it. */
    @Test
    void testAWholeHeadLongerThanMaxHttpRequestHeaderSizeIsNotWellFormed() {
        HeadRules small = new HeadRules(new HttpParser(null, null), () -> 100, () -> 40);
        String fits = "GET / HTTP/1.1\r\nX-Long: " + "a".repeat(12) + "\r\n\r\n";
        String over = "GET / HTTP/1.1\r\nX-Long: " + "a".repeat(13) + "\r\n\r\n";
        assertEquals(40, fits.length());
        assertEquals(40, wholeHeadEnd(small, fits));
        assertEquals(-1, wholeHeadEnd(small, over), "Coyote answers 400");
    }

    /** The well-formed head end a scanner finds in {@code head} arrived in one read into a 64-byte buffer. */
    private static int wholeHeadEnd(HeadRules rules, String head) {
        HeadScanner whole = new HeadScanner(rules);
        ByteBuffer bytes = ByteBuffer.allocate(64).put(head.getBytes(StandardCharsets.ISO_8859_1));
        assertTrue(whole.headComplete(bytes));
        return whole.wellFormedHeadEnd();
    }

    @Test
    void testAResetForgetsTheQueryOfTheHeadBefore() {
        assertFalse(arrive("GET /?a"));
        buffer.clear();
        scanner.reset();
        // '[' may stand in a path but not in a query: a query remembered would refuse it.
        assertFalse(arrive("GET /[x] HTTP/1.1\r\n"));
        assertTrue(arrive("\r\n"));
    }

    @Test
    void testHttp09EndsWithItsRequestLine() {
        assertEquals(15, firstDecidedAt(STRICT, "GET /index.html\n"));
    }

    @Test
    void testTheConnectorsRelaxedCharactersAreAllowedInTheTarget() {
        String head = "GET /a|b?c={d} HTTP/1.1\r\n\r\n";
        assertEquals(6, firstDecidedAt(STRICT, head), "'|' is invalid by default");
        HeadRules relaxed = new HeadRules(new HttpParser("|", "{}"), () -> 100, () -> 8192);
        assertEquals(head.length() - 1, firstDecidedAt(relaxed, head));
    }
}
