package org.hybridconnector.cache;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.apache.tomcat.util.http.parser.HttpParser;

/**
 * The directives of a message's {@code Cache-Control} lines (RFC 9111 §5.2): names compare
 * case-insensitively, and an argument may be a token or a quoted string, both accepted whatever
 * form a directive prefers. Immutable.
 */
final class CacheControl {

    /**
     * Each directive's argument, unquoted, by lower-case name; the first occurrence. {@code ""}
     * when it has none or it is a broken quoted string, which no delta-seconds value reads as.
     */
    /** No directive: most requests have none, and it is immutable like every instance. */
    private static final CacheControl NONE = new CacheControl(Map.of(), Set.of());

    private final Map<String,String> arguments;
    /** The directives that occur more than once. */
    private final Set<String> repeated;

    private CacheControl(Map<String,String> arguments, Set<String> repeated) {
        this.arguments = arguments;
        this.repeated = repeated;
    }

    static CacheControl of(HeaderFields fields) {
        if (!fields.contains("Cache-Control")) {
            return NONE;
        }
        Map<String,String> arguments = new HashMap<>();
        Set<String> repeated = new HashSet<>();
        for (String directive : fields.elements("Cache-Control")) {
            int equals = directive.indexOf('=');
            String name = (equals < 0 ? directive : directive.substring(0, equals)).trim().toLowerCase(Locale.ENGLISH);
            String argument = equals < 0 ? null : HttpParser.unquote(directive.substring(equals + 1).trim());
            if (arguments.putIfAbsent(name, argument == null ? "" : argument) != null) {
                repeated.add(name);
            }
        }
        return new CacheControl(arguments, repeated);
    }

    /** Whether the directive is present, with or without an argument (a qualified {@code private="..."} counts). */
    boolean has(String directive) {
        return arguments.containsKey(directive);
    }

    /**
     * The directive's delta-seconds argument (RFC 9111 §1.2.2), -1 if the directive is absent, or
     * {@code whenInvalid} if its argument is not a delta-seconds value or the directive is
     * repeated: RFC 9111 §4.2.1 lets a cache consider a response with conflicting freshness
     * stale, and the caller says what the safe reading is for its directive.
     */
    long seconds(String directive, long whenInvalid) {
        String argument = arguments.get(directive);
        if (argument == null) {
            return -1;
        }
        long seconds = DeltaSeconds.parse(argument);
        return seconds < 0 || repeated.contains(directive) ? whenInvalid : seconds;
    }
}
