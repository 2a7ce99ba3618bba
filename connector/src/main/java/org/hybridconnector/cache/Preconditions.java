package org.hybridconnector.cache;

import java.io.IOException;
import java.io.StringReader;
import java.util.List;

import org.apache.tomcat.util.http.parser.EntityTag;

/**
 * Whether a request's conditions make the answer from a fresh entry a 304 (Not Modified)
 * instead of the stored response (RFC 9110 §13.2.2, steps 3 and 4, for GET and HEAD).
 * {@code If-Match} and {@code If-Unmodified-Since} never get this far ({@link HitRules#mayAsk}).
 */
final class Preconditions {

    private static final String WEAK = "W/";

    private Preconditions() {
    }

    /**
     * Whether {@code request} is answered 304 from {@code entry}: its {@code If-None-Match} names
     * the entry's entity tag, weakly compared, or is {@code *} (§13.1.2); or, with no
     * {@code If-None-Match}, the entry was not modified since its {@code If-Modified-Since}, which
     * is ignored unless it is one valid date (§13.1.3). Only a 2xx entry is a representation the
     * conditions apply to (§13.2.1).
     */
    static boolean notModified(RequestFacts request, CachedResponse entry) {
        if (entry.status() / 100 != 2) {
            return false;
        }
        HeaderFields fields = request.fields();
        if (fields.contains("If-None-Match")) {
            return anyMatches(fields.elements("If-None-Match"), entry.entityTag());
        }
        long since = fields.date("If-Modified-Since");
        return since >= 0 && entry.lastModified() >= 0 && entry.lastModified() <= since;
    }

    /**
     * Whether each line of an {@code If-None-Match} is a list of entity tags ({@code "x"},
     * {@code W/"x"}; RFC 9110 §8.8.3, §13.1.2), or its one line is {@code *}. Tomcat's default
     * servlet answers any other with 400, which a 200 or a 304 from the cache must not replace; its
     * own parser judges each line here, so that an empty member or an unclosed quote is refused as
     * it refuses them.
     */
    static boolean wellFormed(List<String> ifNoneMatchLines) {
        if (ifNoneMatchLines.equals(List.of("*"))) {
            return true;
        }
        for (String line : ifNoneMatchLines) {
            try {
                if (EntityTag.compareEntityTag(new StringReader(line), true, null) == null) {
                    return false;
                }
            } catch (IOException e) {
                return false; // a StringReader does not throw
            }
        }
        return !ifNoneMatchLines.isEmpty();
    }

    /** §8.8.3.2: weak comparison, which ignores whether either tag is weak. */
    private static boolean anyMatches(List<String> entityTags, String entityTag) {
        if (entityTags.equals(List.of("*"))) {
            return true;
        }
        return entityTag != null && entityTags.stream().map(Preconditions::opaque).anyMatch(opaque(entityTag)::equals);
    }

    private static String opaque(String entityTag) {
        return entityTag.startsWith(WEAK) ? entityTag.substring(WEAK.length()) : entityTag;
    }
}
