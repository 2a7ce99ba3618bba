package org.hybridconnector;

import java.nio.ByteBuffer;

/**
 * Finds the end of an HTTP request head (the empty line after the header fields) in bytes that
 * arrive in pieces, so that the selector thread hands a connection to a worker only once its
 * request head is complete.
 * <p>
 * This is a cheap pre-check, not a parser: Tomcat's {@code Http11InputBuffer} still parses and
 * validates every byte. It only has to be right in one direction: it must never wait for more
 * bytes when a head is complete. Both {@code CRLF CRLF} and the bare {@code LF LF} that RFC 9112
 * section 2.2 lets a recipient accept end a head, so it looks for an LF followed, after an
 * optional CR, by another LF. A false positive (for example blank lines before a request line)
 * only dispatches early; the processor then asks for more bytes as it would have anyway. For the
 * same reason a first line that is not an HTTP/1.x request line (no {@code " HTTP/"} in it, as in
 * an HTTP/0.9 request or plain garbage) counts as complete: the processor rejects it at once, as
 * it would on Tomcat's own connectors, instead of the connection waiting for a head that will
 * never end.
 * <p>
 * Thread safety: none; one instance per connection, used by whichever thread owns the
 * connection's read buffer at the time.
 */
final class HeadScanner {

    private static final byte CR = '\r';
    private static final byte LF = '\n';
    private static final byte[] HTTP_VERSION = { ' ', 'H', 'T', 'T', 'P', '/' };

    /** Index in the buffer where scanning resumes. */
    private int scanned;
    /** Whether the last byte scanned was an LF, possibly followed by one CR. */
    private boolean afterLineFeed;
    private boolean afterLineFeedCr;
    /** Whether the first non-empty line has ended; until then its start is {@code lineStart}. */
    private boolean firstLineDone;
    private int lineStart;

    /**
     * Scans the bytes of {@code buffer} from where the previous call stopped up to its position
     * (the buffer is in write mode: bytes {@code [0, position)} are the data).
     *
     * @return {@code true} if a complete request head is present
     */
    boolean headComplete(ByteBuffer buffer) {
        int end = buffer.position();
        if (scanned > end) {
            // The buffer was compacted or drained since the last scan: start over.
            reset();
        }
        for (int i = scanned; i < end; i++) {
            byte b = buffer.get(i);
            if (b == LF) {
                if (afterLineFeed) {
                    scanned = i + 1;
                    return true;
                }
                if (!firstLineDone && i > lineStart + 1) {
                    firstLineDone = true;
                    if (!containsHttpVersion(buffer, lineStart, i)) {
                        scanned = i + 1;
                        return true;
                    }
                } else if (!firstLineDone) {
                    // A blank line before the request line (RFC 9112 section 2.2 lets a server skip it).
                    lineStart = i + 1;
                }
                afterLineFeed = true;
                afterLineFeedCr = false;
            } else if (b == CR && afterLineFeed && !afterLineFeedCr) {
                afterLineFeedCr = true;
            } else {
                afterLineFeed = false;
                afterLineFeedCr = false;
            }
        }
        scanned = end;
        return false;
    }

    private static boolean containsHttpVersion(ByteBuffer buffer, int from, int to) {
        for (int i = from; i + HTTP_VERSION.length <= to; i++) {
            int j = 0;
            while (j < HTTP_VERSION.length && buffer.get(i + j) == HTTP_VERSION[j]) {
                j++;
            }
            if (j == HTTP_VERSION.length) {
                return true;
            }
        }
        return false;
    }

    /** Forgets what was scanned; called when the buffered bytes change owner or are consumed. */
    void reset() {
        scanned = 0;
        afterLineFeed = false;
        afterLineFeedCr = false;
        firstLineDone = false;
        lineStart = 0;
    }
}
