package org.hybridconnector;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.hybridconnector.cache.HeaderFields;

/**
 * The lines of an HTTP head already judged well formed (a request head by {@link HeadScanner}, a
 * response head as Coyote wrote it): where each line ends, and its header fields. A line ends
 * with CR LF or a lone LF; bytes are read as ISO-8859-1 and nothing is decoded. A small reading,
 * not a parser: it trusts the head's shape.
 * <p>
 * Stateless: any thread.
 */
final class HeadLines {

    /** Field names spelled as browsers, HTTP clients and Coyote spell them. */
    private static final String[] FIELD_NAMES = { "Host", "User-Agent", "Accept", "Accept-Encoding",
            "Accept-Language", "Connection", "Referer", "Cookie", "If-Modified-Since", "If-None-Match",
            "Cache-Control", "Pragma", "Content-Type", "Content-Length", "Date", "Server", "ETag",
            "Last-Modified", "Accept-Ranges", "Vary", "Expires", "host", "user-agent", "accept",
            "accept-encoding", "connection" };

    private HeadLines() {
    }

    /** Where the first line starts: past the empty lines a client may send before a request line. */
    static int firstLine(byte[] head) {
        int i = 0;
        while (i < head.length && (head[i] == '\r' || head[i] == '\n')) {
            i++;
        }
        return i;
    }

    /** The end of the line starting at {@code from}: the index of its CR LF (or lone LF). */
    static int lineEnd(byte[] head, int from) {
        int lf = indexOf(head, from, head.length, '\n');
        return lf > from && head[lf - 1] == '\r' ? lf - 1 : lf;
    }

    /** The start of the line after the one ending at {@code lineEnd}. */
    static int next(byte[] head, int lineEnd) {
        return lineEnd < head.length && head[lineEnd] == '\r' ? lineEnd + 2 : lineEnd + 1;
    }

    static int indexOf(byte[] head, int from, int end, char c) {
        int i = from;
        while (i < end && head[i] != c) {
            i++;
        }
        return i;
    }

    static String text(byte[] head, int from, int end) {
        return new String(head, from, Math.max(0, end - from), StandardCharsets.ISO_8859_1);
    }

    /**
     * The text of {@code [from, end)}: one of {@code known} if the bytes spell it exactly, so that
     * the words every head repeats (methods, versions, common field names) are not made anew for
     * each; otherwise a new string.
     */
    static String text(byte[] head, int from, int end, String[] known) {
        for (String word : known) {
            if (spells(head, from, end, word)) {
                return word;
            }
        }
        return text(head, from, end);
    }

    /** White space around a field value (RFC 9110 §5.5): space and tab; more than that is already refused. */
    private static boolean isBlank(byte b) {
        return b == ' ' || b == '\t';
    }

    private static boolean spells(byte[] head, int from, int end, String word) {
        if (end - from != word.length()) {
            return false;
        }
        for (int i = 0; i < word.length(); i++) {
            if (head[from + i] != word.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether a field line from {@code from} up to the head's empty line has one of {@code names}
     * (ignoring case), read without making a string.
     */
    static boolean namesAny(byte[] head, int from, List<String> names) {
        for (int i = from; i < head.length; ) {
            int lineEnd = lineEnd(head, i);
            if (lineEnd == i) {
                return false; // the empty line that ends the head
            }
            int colon = indexOf(head, i, lineEnd, ':');
            for (String name : names) {
                if (colon - i == name.length() && spellsIgnoringCase(head, i, name)) {
                    return true;
                }
            }
            i = next(head, lineEnd);
        }
        return false;
    }

    private static boolean spellsIgnoringCase(byte[] head, int from, String word) {
        for (int i = 0; i < word.length(); i++) {
            char c = (char) (head[from + i] & 0xff);
            if (c != word.charAt(i) && Character.toLowerCase(c) != Character.toLowerCase(word.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * The header fields from the line starting at {@code from} up to the head's empty line, values
     * without their surrounding white space. A line that continues the one before (obs-fold) or
     * has no colon is left out.
     */
    static HeaderFields fields(byte[] head, int from) {
        HeaderFields.Builder fields = HeaderFields.builder();
        for (int i = from; i < head.length; ) {
            int lineEnd = lineEnd(head, i);
            if (lineEnd == i) {
                break; // the empty line that ends the head
            }
            int colon = indexOf(head, i, lineEnd, ':');
            if (colon < lineEnd && head[i] != ' ' && head[i] != '\t') {
                int valueStart = colon + 1;
                int valueEnd = lineEnd;
                while (valueStart < valueEnd && isBlank(head[valueStart])) {
                    valueStart++;
                }
                while (valueEnd > valueStart && isBlank(head[valueEnd - 1])) {
                    valueEnd--;
                }
                fields.add(text(head, i, colon, FIELD_NAMES), text(head, valueStart, valueEnd));
            }
            i = next(head, lineEnd);
        }
        return fields.build();
    }
}
