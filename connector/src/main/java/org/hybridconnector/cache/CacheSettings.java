package org.hybridconnector.cache;

import java.util.List;
import java.util.Locale;

import org.apache.tomcat.util.http.parser.HttpParser;

/**
 * How a connector's response cache is configured: its memory bound, the largest entry it keeps,
 * the static media types, and the cap on heuristic freshness.
 * <p>
 * The static types are the media types of files that change rarely and are the same for every
 * user (images, style sheets, scripts, fonts). They are the only types given heuristic
 * freshness (RFC 9111 §4.2.2), and, as Varnish does by default, the only ones a request carrying
 * a {@code Cookie} may be answered with or stored from: any other response to a request with a
 * cookie may depend on it, even without saying {@code private}.
 *
 * @param maxBytes            the bound on the bytes all entries take together
 * @param maxObjectBytes      the largest entry stored, in bytes
 * @param staticTypes         media types, {@code type/subtype} or {@code type/*}
 * @param maxHeuristicSeconds the longest heuristic freshness lifetime given; 0 for none
 */
public record CacheSettings(long maxBytes, long maxObjectBytes, List<String> staticTypes, long maxHeuristicSeconds) {

    /** Images, CSS, scripts and fonts, as Tomcat's {@code conf/web.xml} names them. */
    public static final List<String> DEFAULT_STATIC_TYPES = List.of("image/*", "text/css", "text/javascript",
            "application/javascript", "font/*", "application/vnd.ms-fontobject");

    /** A day: long enough to spare the workers, short enough that a file changed by mistake heals. */
    public static final long DEFAULT_MAX_HEURISTIC_SECONDS = 86400;

    public CacheSettings {
        staticTypes = staticTypes.stream().map(type -> type.trim().toLowerCase(Locale.ENGLISH)).toList();
    }

    /** Whether {@code type} can name static types: {@code type/subtype} or {@code type/*}, in token characters. */
    public static boolean isMediaRange(String type) {
        int slash = type.indexOf('/');
        return slash > 0 && slash < type.length() - 1 && type.indexOf('/', slash + 1) < 0
                && type.chars().allMatch(c -> c == '/' || c == '*' || HttpParser.isToken(c));
    }

    /**
     * Whether {@code mediaType} (lower case, without parameters, as {@link ResponseFacts#mediaType()}
     * gives it) is static.
     */
    boolean isStatic(String mediaType) {
        if (mediaType == null) {
            return false;
        }
        for (String type : staticTypes) {
            boolean matches = type.endsWith("/*") ? mediaType.startsWith(type.substring(0, type.length() - 1))
                    : mediaType.equals(type);
            if (matches) {
                return true;
            }
        }
        return false;
    }
}
