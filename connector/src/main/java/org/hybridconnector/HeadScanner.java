package org.hybridconnector;

import java.nio.ByteBuffer;

import org.apache.tomcat.util.http.parser.HttpParser;

/**
 * Decides, from bytes that arrive in pieces, when a request head is ready for Coyote: once it is
 * complete (the empty line after the header fields, or the end of an HTTP/0.9 request line), or
 * as soon as the bytes so far can no longer begin or continue a head that Coyote would accept.
 * The selector hands a connection to a worker only then, so a worker never waits for a head; and
 * an invalid head (a bare CR, a NUL, a space in a header name) gets Coyote's {@code 400} at once
 * instead of waiting for an end that may never come.
 * <p>
 * It is a scanner, not a parser: it keeps no field and copies no byte, and Coyote's
 * {@code Http11InputBuffer} still parses everything. It follows that parser's byte rules, phase by
 * phase: blank lines before the request line are skipped; a method is token characters; a request
 * target may hold what the connector's {@code relaxedPathChars} and {@code relaxedQueryChars}
 * allow ({@link HttpParser}); a version is {@code HTTP/x.y} characters; a CR must be followed by
 * an LF, and a bare LF ends a line (RFC 9112 section 2.2 lets a server accept it, and Coyote does);
 * a field name is token characters up to its colon; a field value holds no control character but
 * HTAB; a line beginning with a space or HTAB continues the field before it. Where it cannot tell,
 * it errs towards handing over: Coyote then waits for the rest itself, with the connection parked,
 * as it would on Tomcat's own connectors.
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
        /** Complete or invalid: Coyote's to read from here. */
        DECIDED
    }

    private final HttpParser targetRules;

    /** Index in the buffer where scanning resumes. */
    private int scanned;
    private Phase phase = Phase.BEFORE_REQUEST_LINE;
    /** The last byte was a CR, which only an LF may follow (except between Coyote's CR-skipping phases). */
    private boolean afterCr;
    private boolean inQuery;
    /** A field line has ended, so a line beginning with a space or HTAB continues it. */
    private boolean afterField;

    /** @param targetRules the protocol's parser, whose relaxed characters a request target may hold */
    HeadScanner(HttpParser targetRules) {
        this.targetRules = targetRules;
    }

    /**
     * Scans the bytes of {@code buffer} from where the previous call stopped up to its position
     * (the buffer is in write mode: bytes {@code [0, position)} are the data).
     *
     * @return {@code true} if the head is complete or can no longer become valid: Coyote's turn
     */
    boolean headComplete(ByteBuffer buffer) {
        int end = buffer.position();
        if (scanned > end) {
            // The buffer was compacted or drained since the last scan: start over.
            reset();
        }
        for (int i = scanned; i < end && phase != Phase.DECIDED; i++) {
            phase = next(buffer.get(i));
        }
        scanned = end;
        return phase == Phase.DECIDED;
    }

    /** Forgets what was scanned; called when the buffered bytes change owner or are consumed. */
    void reset() {
        scanned = 0;
        phase = Phase.BEFORE_REQUEST_LINE;
        afterCr = false;
        inQuery = false;
        afterField = false;
    }

    private Phase next(byte b) {
        return switch (phase) {
            case BEFORE_REQUEST_LINE -> b == CR || b == LF ? phase : method(b);
            case METHOD -> method(b);
            case BEFORE_TARGET -> isSpace(b) ? phase : target(b);
            case TARGET -> target(b);
            case BEFORE_VERSION -> isSpace(b) ? phase : version(b);
            case VERSION -> version(b);
            case LINE_START -> lineStart(b);
            case FIELD_NAME -> fieldName(b);
            case FIELD_VALUE -> fieldValue(b);
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
            // A CR in the target may only end an HTTP/0.9 request line, whose end is Coyote's.
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
        if (inQuery && !targetRules.isQueryRelaxed(b) || targetRules.isNotRequestTargetRelaxed(b)) {
            return Phase.DECIDED;
        }
        return Phase.TARGET;
    }

    private Phase version(byte b) {
        if (b == CR) {
            afterCr = true; // Coyote skips any CR here; the LF decides
            return Phase.VERSION;
        }
        if (b == LF) {
            afterCr = false;
            afterField = false;
            return Phase.LINE_START;
        }
        return afterCr || !HttpParser.isHttpProtocol(b) ? Phase.DECIDED : Phase.VERSION;
    }

    private Phase lineStart(byte b) {
        if (afterCr) {
            return Phase.DECIDED; // an LF ends the head; anything else after the CR is invalid
        }
        if (b == CR) {
            afterCr = true;
            return Phase.LINE_START;
        }
        if (b == LF) {
            return Phase.DECIDED; // the empty line: the head is complete
        }
        if (isSpace(b)) {
            return afterField ? Phase.FIELD_VALUE : Phase.DECIDED;
        }
        return HttpParser.isToken(b) ? Phase.FIELD_NAME : Phase.DECIDED;
    }

    private static Phase fieldName(byte b) {
        if (b == ':') {
            return Phase.FIELD_VALUE;
        }
        return HttpParser.isToken(b) ? Phase.FIELD_NAME : Phase.DECIDED;
    }

    private Phase fieldValue(byte b) {
        if (afterCr) {
            if (b != LF) {
                return Phase.DECIDED;
            }
            afterCr = false;
            afterField = true;
            return Phase.LINE_START;
        }
        if (b == CR) {
            afterCr = true;
            return Phase.FIELD_VALUE;
        }
        if (b == LF) {
            afterField = true;
            return Phase.LINE_START;
        }
        return HttpParser.isControl(b) && b != HT ? Phase.DECIDED : Phase.FIELD_VALUE;
    }

    private static boolean isSpace(byte b) {
        return b == SP || b == HT;
    }
}
