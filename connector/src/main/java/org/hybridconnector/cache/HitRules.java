package org.hybridconnector.cache;

/**
 * Whether a request may be answered from the cache (RFC 9111 §4): first from the request alone,
 * then with the entry found for it.
 */
final class HitRules {

    private static final long SECOND = 1000;

    private HitRules() {
    }

    /**
     * The request side. Only a GET or a HEAD without content, which the selector thread can answer
     * without reading further. Not a {@code Range} request, nor one with {@code If-Match} or
     * {@code If-Unmodified-Since}: their answers (206, 412) are not stored ones. Not an
     * {@code Upgrade}, which the application must see, nor an {@code Expect}, which Coyote answers
     * 417 unless it is {@code 100-continue}, nor a malformed {@code If-None-Match}
     * ({@link Preconditions#wellFormed}). And not one that asks for the
     * application's answer with {@code no-cache} (§5.2.1.4) or {@code Pragma: no-cache} (§5.4:
     * here even beside {@code Cache-Control}, which can only send more requests to the
     * application); its response may then refresh the entry.
     */
    static boolean mayAsk(RequestFacts request) {
        HeaderFields fields = request.fields();
        String method = request.method();
        return (method.equals("GET") || method.equals("HEAD"))
                && !request.hasContent()
                && !fields.contains("Range")
                && !fields.contains("If-Match")
                && !fields.contains("If-Unmodified-Since")
                && !fields.contains("Upgrade")
                && !fields.contains("Expect")
                && (!fields.contains("If-None-Match") || Preconditions.wellFormed(fields.values("If-None-Match")))
                && !request.cacheControl().has("no-cache")
                && (!fields.contains("Pragma")
                        || fields.elements("Pragma").stream().noneMatch(directive -> directive.equalsIgnoreCase("no-cache")));
    }

    /**
     * The entry side, for a request that {@link #mayAsk} and accepts {@code codings}: the entry
     * is fresh (§4.2), younger than the request's {@code max-age} (§5.2.1.1; strictly, so that
     * {@code max-age=0}, a browser's reload, always reaches the application) and fresh for its
     * {@code min-fresh} more (§5.2.1.3, an invalid one never met); a request with
     * {@code Authorization} gets only an entry a shared cache may give it (§3.5), one with a
     * {@code Cookie} only a static type ({@link CacheSettings}); and the request accepts the
     * body's codings (RFC 9110 §12.5.3).
     */
    static boolean mayAnswer(RequestFacts request, AcceptedCodings codings, CachedResponse entry, long now) {
        Freshness freshness = entry.freshness();
        long age = freshness.age(now);
        CacheControl cacheControl = request.cacheControl();
        long maxAge = cacheControl.seconds("max-age", 0);
        long minFresh = cacheControl.seconds("min-fresh", DeltaSeconds.GREATEST);
        return freshness.isFresh(now)
                && (maxAge < 0 || age < maxAge * SECOND)
                && (minFresh < 0 || freshness.lifetime() - age >= minFresh * SECOND)
                && (!request.fields().contains("Authorization") || entry.sharedDespiteAuthorization())
                && (!request.fields().contains("Cookie") || entry.staticType())
                && codings.acceptsAll(entry.contentCodings());
    }
}
