package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import org.apache.tomcat.util.http.parser.HttpParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HeadScannerTest {

    private static final HttpParser STRICT = new HttpParser(null, null);

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
    void testCrBetweenTwoCrsIsInvalidAtOnce() {
        // Coyote rejects a CR that no LF follows; waiting for an empty line would wait in vain.
        assertEquals(26, firstDecidedAt(STRICT, "GET / HTTP/1.1\r\nHost: a\r\n\r\r\n"));
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
        // HTTP/0.9 or garbage: the processor rejects it; nothing more will come to wait for.
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
    private static int firstDecidedAt(HttpParser rules, String head) {
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
        "GET / HTTP/1.1\r\nHost: x\rA|ccept: */*\r\n\r\n",
        "G\0|ET / HTTP/1.1\r\n\r\n",                        // a NUL in the method
        "GET /\0|x HTTP/1.1\r\n\r\n",                       // ... in the target
        "GET /?q=\0|x HTTP/1.1\r\n\r\n",                    // ... in the query
        "GET / HTTP/1.1\r\nHost: a\0|\r\n\r\n",             // ... in a field value
        "GET / HTTP/1.1\r\nHo\0|st: a\r\n\r\n",             // ... in a field name
        "GET /a b|c HTTP/1.1\r\n\r\n",                      // a space inside the target
        "GET / HTTP/1.1 |\r\n\r\n",
        "GET / HTTP/1.1\r\n |Host: a\r\n\r\n",              // a continuation with nothing to continue
        "GET / HTTP/1.1\r\nHost |: a\r\n\r\n",              // a space before the colon
        "GET / HTTP/1.1\r\n:|a\r\n\r\n",                    // an empty field name
        "GET /a\u007f|b HTTP/1.1\r\n\r\n",                  // DEL in the target
        "G\u00e9|T / HTTP/1.1\r\n\r\n",                     // a non-token byte in the method
        "GET /\u00e9| HTTP/1.1\r\n\r\n",                    // a raw non-ASCII byte in the target
    })
    void testAnInvalidHeadIsDecidedAtItsFirstInvalidByte(String marked) {
        // The byte before '|' is the first that no valid head could hold.
        int at = marked.indexOf('|') - 1;
        assertEquals(at, firstDecidedAt(STRICT, marked.replace("|", "")), marked);
    }

    @Test
    void testHttp09EndsWithItsRequestLine() {
        assertEquals(15, firstDecidedAt(STRICT, "GET /index.html\n"));
    }

    @Test
    void testTheConnectorsRelaxedCharactersAreAllowedInTheTarget() {
        String head = "GET /a|b?c={d} HTTP/1.1\r\n\r\n";
        assertEquals(6, firstDecidedAt(STRICT, head), "'|' is invalid by default");
        assertEquals(head.length() - 1, firstDecidedAt(new HttpParser("|", "{}"), head));
    }
}
