package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class HeadScannerTest {

    private final HeadScanner scanner = new HeadScanner();
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
    void testCrBetweenTwoCrsIsNotAnEmptyLine() {
        assertFalse(arrive("GET / HTTP/1.1\r\nHost: a\r\n\r\r\n"));
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
}
