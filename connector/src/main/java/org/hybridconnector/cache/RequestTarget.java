package org.hybridconnector.cache;

import java.util.ArrayList;
import java.util.List;

import org.apache.tomcat.util.http.parser.HttpParser;

/**
 * The normal form of an origin-form request target: the one spelling of all the targets that
 * name the same resource, after RFC 3986 §6.2.2 (percent-encodings in upper case, unreserved
 * characters decoded, dot segments removed) and after what Tomcat does before mapping a path
 * (empty segments merged, path parameters such as {@code ;jsessionid=} dropped).
 * <p>
 * The cache stores only targets already in normal form, so that two spellings of one resource
 * never hold two entries; invalidation normalises the target it is given, so that any spelling
 * of a stored target removes it.
 */
final class RequestTarget {

    private static final String UNRESERVED = "-._~";

    private RequestTarget() {
    }

    /** Whether {@code target} is in normal form; most are plainly so, which is decided without building it. */
    static boolean isNormal(String target) {
        return plainlyNormal(target) || target.equals(normalForm(target));
    }

    /**
     * An origin-form target without {@code %}, {@code #}, path parameters, empty segments or dot
     * segments: its normal form is itself.
     */
    private static boolean plainlyNormal(String target) {
        if (!target.startsWith("/") || target.indexOf('#') >= 0 || target.indexOf('%') >= 0) {
            return false;
        }
        int question = target.indexOf('?');
        int end = question < 0 ? target.length() : question;
        for (int i = 0; i < end; i++) {
            char c = target.charAt(i);
            if (c == ';' || c == '/' && i + 1 < end && (target.charAt(i + 1) == '/' || isDotSegment(target, i + 1, end))) {
                return false;
            }
        }
        return true;
    }

    /** Whether the segment starting at {@code from} is {@code .} or {@code ..}. */
    private static boolean isDotSegment(String target, int from, int end) {
        int next = target.indexOf('/', from);
        int segmentEnd = next < 0 || next > end ? end : next;
        int length = segmentEnd - from;
        return (length == 1 || length == 2) && target.startsWith(length == 1 ? "." : "..", from);
    }

    /** The normal form of {@code target}; {@code null} if it is not origin-form or its percent-encoding is broken. */
    static String normalForm(String target) {
        if (!target.startsWith("/") || target.indexOf('#') >= 0) {
            return null;
        }
        int question = target.indexOf('?');
        String path = normalPercentEncoding(question < 0 ? target : target.substring(0, question));
        String query = question < 0 ? "" : normalPercentEncoding(target.substring(question));
        return path == null || query == null ? null : withoutDotSegments(path) + query;
    }

    private static String normalPercentEncoding(String text) {
        StringBuilder normal = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != '%') {
                normal.append(c);
                continue;
            }
            if (i + 2 >= text.length()) {
                return null;
            }
            if (!HttpParser.isHex(text.charAt(i + 1)) || !HttpParser.isHex(text.charAt(i + 2))) {
                return null;
            }
            char decoded = (char) Integer.parseInt(text, i + 1, i + 3, 16);
            if (isUnreserved(decoded)) {
                normal.append(decoded);
            } else {
                normal.append('%').append(Character.toUpperCase(text.charAt(i + 1)))
                        .append(Character.toUpperCase(text.charAt(i + 2)));
            }
            i += 2;
        }
        return normal.toString();
    }

    private static boolean isUnreserved(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || UNRESERVED.indexOf(c) >= 0;
    }

    /** RFC 3986 §5.2.4, with empty segments merged and each segment's parameters dropped. */
    private static String withoutDotSegments(String path) {
        String[] segments = path.substring(1).split("/", -1);
        List<String> kept = new ArrayList<>(segments.length);
        for (int i = 0; i < segments.length; i++) {
            String segment = withoutParameters(segments[i]);
            boolean last = i == segments.length - 1;
            if (segment.equals("..") && !kept.isEmpty()) {
                kept.remove(kept.size() - 1);
            }
            if (segment.equals("..") || segment.equals(".") || segment.isEmpty()) {
                if (last) {
                    kept.add("");
                }
            } else {
                kept.add(segment);
            }
        }
        return "/" + String.join("/", kept);
    }

    private static String withoutParameters(String segment) {
        int semicolon = segment.indexOf(';');
        return semicolon < 0 ? segment : segment.substring(0, semicolon);
    }
}
