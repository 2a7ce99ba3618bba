package org.hybridconnector;

import java.nio.ByteBuffer;

/**
 * Looks at a complete request head while it still sits in the read buffer, so that the selector
 * thread can route a request (by its path) or turn a new session away (no session cookie) before
 * a worker parses it. Like {@link HeadScanner} it is a cheap look, not a parser: what it cannot
 * read it calls {@link #UNKNOWN} or "no cookie", and Coyote's parser still judges every byte.
 * <p>
 * The head is the bytes {@code [0, position)} of a buffer in write mode, as the selector fills it.
 */
final class HeadPeek {

    static final String UNKNOWN = "";

    /** Longer paths are cut: enough to tell pages apart, bounded for hostile ones. */
    static final int MAX_PATH = 200;

    private HeadPeek() {
    }

    /**
     * The path (no query) of the request head at the start of {@code buffer}'s bytes
     * {@code [0, position)}; an absolute-form target yields its path too.
     */
    static String path(ByteBuffer buffer) {
        int end = buffer.position();
        int i = 0;
        while (i < end && (buffer.get(i) == '\r' || buffer.get(i) == '\n')) {
            i++;
        }
        while (i < end && buffer.get(i) != ' ') {
            i++;
        }
        i++;
        int start = i;
        if (start + 7 < end && buffer.get(start) != '/') {
            // Absolute form (http://host/path): the path starts at the first slash after "//".
            int slashes = 0;
            while (i < end && buffer.get(i) != ' ' && slashes < 3) {
                if (buffer.get(i) == '/') {
                    slashes++;
                }
                i++;
            }
            if (slashes < 3) {
                return UNKNOWN;
            }
            start = --i;
        }
        StringBuilder path = new StringBuilder();
        for (; i < end && path.length() < MAX_PATH; i++) {
            byte b = buffer.get(i);
            if (b == ' ' || b == '?' || b == '#' || b == '\r' || b == '\n') {
                break;
            }
            if (b < 0x21 || b > 0x7e) {
                return UNKNOWN;
            }
            path.append((char) b);
        }
        return path.length() > 0 && path.charAt(0) == '/' ? path.toString() : UNKNOWN;
    }

    /**
     * Whether a {@code Cookie} header field of the head carries a cookie named {@code name}
     * (case-sensitive, as cookie names are). Only the head's own fields count, not the bytes of a
     * body or of a request pipelined behind it. A head that does not end within the buffer (a
     * {@code maxHttpHeaderSize} larger than the read buffer allows one) counts as carrying it: the
     * field may lie past the bytes read, and the cookie is the client's word in any case.
     */
    static boolean carriesCookie(ByteBuffer buffer, String name) {
        int end = buffer.position();
        int line = 0;
        boolean requestLineSeen = false;
        while (line < end) {
            int next = line;
            while (next < end && buffer.get(next) != '\n') {
                next++;
            }
            int content = next > line && buffer.get(next - 1) == '\r' ? next - 1 : next;
            if (content > line || next == end) {
                requestLineSeen = true;
                if (startsWithIgnoreCase(buffer, line, next, "cookie:")
                        && containsCookie(buffer, line + 7, next, name)) {
                    return true;
                }
            } else if (requestLineSeen) {
                return false; // the empty line that ends the head
            }
            line = next + 1;
        }
        return true;
    }

    private static boolean startsWithIgnoreCase(ByteBuffer buffer, int from, int end, String prefix) {
        if (end - from < prefix.length()) {
            return false;
        }
        for (int k = 0; k < prefix.length(); k++) {
            if (Character.toLowerCase((char) buffer.get(from + k)) != prefix.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code name=} begins one of the {@code ;}-separated pairs in {@code [from, end)}. */
    private static boolean containsCookie(ByteBuffer buffer, int from, int end, String name) {
        int pair = from;
        while (pair < end) {
            while (pair < end && (buffer.get(pair) == ' ' || buffer.get(pair) == '\t')) {
                pair++;
            }
            int k = 0;
            while (k < name.length() && pair + k < end && buffer.get(pair + k) == name.charAt(k)) {
                k++;
            }
            if (k == name.length() && pair + k < end && buffer.get(pair + k) == '=') {
                return true;
            }
            while (pair < end && buffer.get(pair) != ';') {
                pair++;
            }
            pair++;
        }
        return false;
    }
}
