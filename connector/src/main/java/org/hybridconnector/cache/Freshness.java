package org.hybridconnector.cache;

import java.util.List;

/**
 * How long a stored response stays fresh and how old it is (RFC 9111 §4.2). Times are
 * milliseconds since the epoch, as the {@code Date} field counts them. Immutable.
 *
 * @param date                the response's {@code Date}, or the time it was received if it has
 *                            no valid one (RFC 9110 §6.6.1)
 * @param lifetime            its freshness lifetime (§4.2.1), in milliseconds
 * @param correctedInitialAge its age when received (§4.2.3), in milliseconds
 * @param responseTime        when it was received
 */
record Freshness(long date, long lifetime, long correctedInitialAge, long responseTime) {

    private static final long SECOND = 1000;

    /**
     * The freshness of {@code response}, received at {@code responseTime} for a request made at
     * {@code requestTime}.
     */
    static Freshness of(ResponseFacts response, CacheSettings settings, long requestTime, long responseTime) {
        HeaderFields fields = response.fields();
        long dateField = fields.date("Date");
        long date = dateField < 0 ? responseTime : dateField;
        long apparentAge = Math.max(0, responseTime - date);
        long correctedAgeValue = ageValue(fields) * SECOND + responseTime - requestTime;
        long lifetime = lifetime(response, settings, date);
        return new Freshness(date, lifetime, Math.max(apparentAge, correctedAgeValue), responseTime);
    }

    /**
     * Whether {@code response} can have a freshness lifetime at all, read without parsing a date:
     * an explicit one needs {@code Cache-Control} or {@code Expires} (§4.2.1), a heuristic one
     * {@code Last-Modified} and a static type (§4.2.2): of {@link ResponseCache#LIFETIME_FIELDS}.
     * A response that cannot is never stored, and most dynamic responses are such, so it is
     * turned down before any date is parsed.
     */
    static boolean mayHaveLifetime(ResponseFacts response, CacheSettings settings) {
        HeaderFields fields = response.fields();
        return fields.contains("Cache-Control") || fields.contains("Expires")
                || fields.contains("Last-Modified") && settings.isStatic(response.mediaType());
    }

    /**
     * §4.2.1: {@code s-maxage}, which a shared cache obeys first, then {@code max-age}, then
     * {@code Expires} minus {@code Date}; failing all three, a heuristic (§4.2.2). A repeated or
     * invalid value means stale (§4.2.1, §5.3: an invalid {@code Expires} such as {@code 0} is in
     * the past).
     */
    private static long lifetime(ResponseFacts response, CacheSettings settings, long date) {
        CacheControl cacheControl = response.cacheControl();
        long sharedMaxAge = cacheControl.seconds("s-maxage", 0);
        if (sharedMaxAge >= 0) {
            return sharedMaxAge * SECOND;
        }
        long maxAge = cacheControl.seconds("max-age", 0);
        if (maxAge >= 0) {
            return maxAge * SECOND;
        }
        if (response.fields().contains("Expires")) {
            long expires = response.fields().date("Expires");
            return Math.max(0, expires - date);
        }
        return heuristicLifetime(response, settings, date);
    }

    /**
     * §4.2.2: a tenth of the time since the {@code Last-Modified} date, capped, as the RFC
     * suggests; given only to the static media types, whose files change rarely.
     */
    private static long heuristicLifetime(ResponseFacts response, CacheSettings settings, long date) {
        long lastModified = response.fields().date("Last-Modified");
        if (lastModified < 0 || lastModified > date || !settings.isStatic(response.mediaType())) {
            return 0;
        }
        return Math.min((date - lastModified) / 10, settings.maxHeuristicSeconds() * SECOND);
    }

    /** §5.1: the first member of {@code Age}, ignored (0) if it is not a delta-seconds value. */
    private static long ageValue(HeaderFields fields) {
        List<String> members = fields.elements("Age");
        return members.isEmpty() ? 0 : Math.max(0, DeltaSeconds.parse(members.get(0)));
    }

    /** The current age (§4.2.3) at {@code now}: the age when received plus the time stored since. */
    long age(long now) {
        return correctedInitialAge + Math.max(0, now - responseTime);
    }

    /** §4.2: fresh while the freshness lifetime exceeds the current age. */
    boolean isFresh(long now) {
        return lifetime > age(now);
    }
}
