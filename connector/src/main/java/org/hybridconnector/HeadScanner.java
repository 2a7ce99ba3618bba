package org.hybridconnector;

import java.nio.ByteBuffer;

import org.apache.tomcat.util.http.parser.HttpParser;

/**
 * Decides, from bytes that arrive in pieces, when a request head is Coyote's to read: once it is
 * complete (the empty line after the header fields, or the end of an HTTP/0.9 request line), or as
 * soon as Coyote would answer it without more bytes because it can no longer be valid. The selector
 * hands a connection to a worker only then, so a worker never waits for a head, and a head that
 * Coyote rejects gets its {@code 400} when stock NIO would give it, not after
 * {@code connectionTimeout}: a client that ends its lines with bare CRs sends no empty line to wait
 * for.
 * <p>
 * It is a scanner, not a parser: it keeps no field and copies no byte, and Coyote's
 * {@code Http11InputBuffer} still parses everything. It follows that parser's byte rules phase by
 * phase. In the request line Coyote rejects a bad byte at once: a method is token characters; a
 * request target holds what the connector's relaxed characters allow ({@link HeadRules}); a
 * version is {@code HTTP/x.y} characters; a CR must be followed by an LF. Blank lines before the
 * request line are skipped, and a bare LF ends a line (RFC 9112 section 2.2 lets a server accept
 * it, and Coyote does). In the header fields Coyote reads a bad line (a non-token byte in a name,
 * a control character in a value, a CR not before an LF) to its end before it answers, and so
 * does the scanner; a line beginning with a space or HTAB continues the field before it. A field
 * beyond {@code maxHeaderCount}, or a head that reaches {@code maxHttpRequestHeaderSize}
 * unfinished, is refused at once.
 * <p>
 * Thread safety: none; one instance per connection, used by whichever thread owns the
 * connection's read buffer at the time.
 */
final class HeadScanner {

    private static final byte CR = '\r';
    private static final byte LF = '\n';
    private static final byte SP = ' ';
    private static final byte HT = '\t';

    /** Where in the head the next byte falls. */
    private enum Phase {
        BEFORE_REQUEST_LINE, METHOD, BEFORE_TARGET, TARGET, BEFORE_VERSION, VERSION,
        LINE_START, FIELD_NAME, FIELD_VALUE,
        /** A bad field line, which Coyote reads to its LF before it answers. */
        SKIP_LINE,
        /** Complete or refused: Coyote's to read from here. */
        DECIDED
    }

    private final HeadRules rules;

    /** Index in the buffer where scanning resumes. */
    private int scanned;
    private Phase phase;
    /** The last byte was a CR, which only an LF may follow (Coyote's version phase skips CRs). */
    private boolean afterCr;
    private boolean inQuery;
    /** A field line has ended, so a line beginning with a space or HTAB continues it. */
    private boolean afterField;
    /**
     * A line continued the field before it (obs-fold): Coyote joins the two, which the cache's
     * reading of the fields does not, so the head is not one the selector may answer itself.
     */
    private boolean folded;
    private int fields;
    private int maxFields;
    private int maxHeadBytes;
    /** Just past the empty line of a complete, well-formed head; -1 otherwise. */
    private int headEnd;

    HeadScanner(HeadRules rules) {
        this.rules = rules;
        reset();
    }

    /**
     * Scans the bytes of {@code buffer} from where the previous call stopped up to its position
     * (the buffer is in write mode: bytes {@code [0, position)} are the data).
     *
     * @return {@code true} if the head is complete or refused: Coyote's turn
     */
    boolean headComplete(ByteBuffer buffer) {
        int end = buffer.position();
        if (scanned > end) {
            // The buffer was compacted or drained since the last scan: start over.
            reset();
        }
        for (int i = scanned; i < end && phase != Phase.DECIDED; i++) {
            byte b = buffer.get(i);
            // Most of a head is field values: their plain bytes change nothing, so skip them here.
            if (phase != Phase.FIELD_VALUE || afterCr || !isPlainValueByte(b)) {
                Phase before = phase;
                phase = next(b);
                if (phase == Phase.DECIDED && before == Phase.LINE_START && !folded) {
                    // The empty line: every line before it was well formed. Coyote still refuses a
                    // head longer than its limit, arrived in one read or not.
                    headEnd = maxHeadBytes > 0 && i + 1 > maxHeadBytes ? -1 : i + 1;
                }
            }
        }
        scanned = end;
        if (phase != Phase.DECIDED && maxHeadBytes > 0 && end >= maxHeadBytes) {
            phase = Phase.DECIDED; // Coyote refuses a head that needs more room than this
        }
        return phase == Phase.DECIDED;
    }

    /**
     * Where the head ended, just past its empty line, if it is complete and every line of it well
     * formed (what the selector may answer itself, from the response cache); -1 if it is not
     * complete, or was decided for a bad byte, or is an HTTP/0.9 request line, or has a folded line,
     * or is longer than {@code maxHttpRequestHeaderSize} (a read buffer larger than that holds one).
     */
    int wellFormedHeadEnd() {
        return headEnd;
    }

    /** Forgets what was scanned; called when the buffered bytes change owner or are consumed. */
    void reset() {
        scanned = 0;
        phase = Phase.BEFORE_REQUEST_LINE;
        afterCr = false;
        inQuery = false;
        afterField = false;
        folded = false;
        fields = 0;
        headEnd = -1;
        maxFields = rules.maxFields().getAsInt();
        maxHeadBytes = rules.maxHeadBytes().getAsInt();
    }

    private Phase next(byte b) {
        return switch (phase) {
            case BEFORE_REQUEST_LINE -> b == CR || b == LF ? phase : method(b);
            case METHOD -> method(b);
            // Coyote takes a CR where the target begins as one that no LF follows.
            case BEFORE_TARGET -> isSpace(b) ? phase : b == CR ? Phase.DECIDED : target(b);
            case TARGET -> target(b);
            // An empty version is refused at the line's end; a CR here is at most a byte early.
            case BEFORE_VERSION -> isSpace(b) ? phase : b == CR || b == LF ? Phase.DECIDED : version(b);
            case VERSION -> version(b);
            case LINE_START -> lineStart(b);
            case FIELD_NAME -> fieldName(b);
            case FIELD_VALUE -> fieldValue(b);
            case SKIP_LINE -> b == LF ? Phase.DECIDED : phase;
            case DECIDED -> phase;
        };
    }

    private static Phase method(byte b) {
        if (isSpace(b)) {
            return Phase.BEFORE_TARGET;
        }
        return HttpParser.isToken(b) ? Phase.METHOD : Phase.DECIDED;
    }

    private Phase target(byte b) {
        if (afterCr) {
            // After a CR only an LF may come, which ends an HTTP/0.9 request: Coyote's either way.
            return Phase.DECIDED;
        }
        if (isSpace(b)) {
            return Phase.BEFORE_VERSION;
        }
        if (b == CR) {
            afterCr = true;
            return Phase.TARGET;
        }
        if (b == LF) {
            return Phase.DECIDED; // HTTP/0.9: the request line is the whole request
        }
        if (b == '?' && !inQuery) {
            inQuery = true;
            return Phase.TARGET;
        }
        HttpParser target = rules.target();
        if (inQuery && !target.isQueryRelaxed(b) || target.isNotRequestTargetRelaxed(b)) {
            return Phase.DECIDED;
        }
        return Phase.TARGET;
    }

    private Phase version(byte b) {
        if (b == CR) {
            afterCr = true;
            return Phase.VERSION;
        }
        if (b == LF) {
            afterCr = false;
            return Phase.LINE_START;
        }
        return afterCr || !HttpParser.isHttpProtocol(b) ? Phase.DECIDED : Phase.VERSION;
    }

    private Phase lineStart(byte b) {
        if (b == LF) {
            return Phase.DECIDED; // the empty line: the head is complete
        }
        if (afterCr) {
            afterCr = false;
            return Phase.SKIP_LINE; // Coyote reads the CR as the start of a bad field name
        }
        if (b == CR) {
            afterCr = true;
            return Phase.LINE_START;
        }
        if (isSpace(b)) {
            folded |= afterField;
            return afterField ? Phase.FIELD_VALUE : Phase.SKIP_LINE;
        }
        return HttpParser.isToken(b) ? Phase.FIELD_NAME : Phase.SKIP_LINE;
    }

    private Phase fieldName(byte b) {
        if (b == ':') {
            fields++;
            return maxFields >= 0 && fields > maxFields ? Phase.DECIDED : Phase.FIELD_VALUE;
        }
        if (HttpParser.isToken(b)) {
            return Phase.FIELD_NAME;
        }
        return b == LF ? Phase.DECIDED : Phase.SKIP_LINE;
    }

    /** A byte that leaves a field value as it is: visible, a space, or obs-text (negative here). */
    private static boolean isPlainValueByte(byte b) {
        return b < 0 || b >= ' ' && b != 0x7f;
    }

    private Phase fieldValue(byte b) {
        if (b == LF) {
            afterCr = false;
            afterField = true;
            return Phase.LINE_START;
        }
        if (afterCr) {
            afterCr = false;
            return Phase.SKIP_LINE;
        }
        if (b == CR) {
            afterCr = true;
            return Phase.FIELD_VALUE;
        }
        // obs-text (0x80 and up, negative here) is allowed, and would cost isControl an exception.
        return b >= 0 && HttpParser.isControl(b) && b != HT ? Phase.SKIP_LINE : Phase.FIELD_VALUE;
    }

    private static boolean isSpace(byte b) {
        return b == SP || b == HT;
    }
}
