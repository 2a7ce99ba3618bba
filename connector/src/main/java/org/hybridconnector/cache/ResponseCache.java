package org.hybridconnector.cache;

import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * A connector's response cache, a web accelerator after Shin and Koh's Tornader: responses a
 * shared cache may store (RFC 9111) are kept in memory, and later requests for them are answered
 * by the selector thread, with no worker and no Catalina.
 * <p>
 * This is what the connector calls; the rules are in the classes it names. Threads:
 * {@link #answer} is the selector thread's; {@link #isStorable} and {@link #store} are a
 * worker's, at the end of the response they are about, as is {@link #invalidateAfter};
 * {@link #invalidateBefore} and {@link #changeEnded} are the thread's that serves the request (a
 * worker, an HTTP/2 stream's, an asynchronous dispatch's; rarely the selector's, which ends a
 * change still open when it closes a connection); the other methods any thread's (the selector's
 * {@link #ticket}, JMX, a web application's reload). Times are milliseconds since the
 * epoch.
 */
public final class ResponseCache implements ResponseCacheMBean {

    /**
     * The fields a response must have for a freshness lifetime (RFC 9111 §4.2.1, §4.2.2;
     * {@link Freshness#mayHaveLifetime}): a worker that finds none of them in a {@code GET}'s
     * response head knows the response will not be stored, and need not read the head further.
     */
    public static final List<String> LIFETIME_FIELDS = List.of("Cache-Control", "Expires", "Last-Modified");

    private final CacheSettings settings;
    private final ResponseStore store;
    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();
    /** {@link #answer}'s, so the selector thread's alone. */
    private final CacheKey.LastHost lastHost = new CacheKey.LastHost();

    public ResponseCache(CacheSettings settings) {
        this.settings = settings;
        this.store = new ResponseStore(settings.maxBytes(), settings.maxObjectBytes());
    }

    /**
     * The answer to {@code request} from the cache at {@code now}, or {@code null} to hand it to a
     * worker. A request the cache may answer counts as a hit or a miss; any other as neither.
     */
    public Hit answer(RequestFacts request, long now) {
        if (!HitRules.mayAsk(request)) {
            return null;
        }
        CacheKey key = CacheKey.of(request, lastHost);
        AcceptedCodings codings = AcceptedCodings.of(request.fields());
        if (key == null || codings == null) {
            return null;
        }
        CachedResponse entry = store.lookup(key, codings.variant());
        if (entry == null || !HitRules.mayAnswer(request, codings, entry, now)) {
            misses.increment();
            return null;
        }
        hits.increment();
        return new Hit(entry, Preconditions.notModified(request, entry), request.method().equals("GET"), now);
    }

    /**
     * Whether the response to {@code request} may teach the cache anything, so that a worker should
     * look at it: a {@code GET}'s may be stored, and that to a method not known to be safe may
     * invalidate entries ({@link #invalidateAfter}).
     */
    public boolean learnsFrom(RequestFacts request) {
        return request.method().equals("GET") || isUnsafe(request.method());
    }

    /** Whether {@code method} is not known to be safe (RFC 9110 §9.2.1): a request with it may change its target. */
    public static boolean isUnsafe(String method) {
        return Invalidation.isUnsafe(method);
    }

    /**
     * Whether {@code response} to {@code request}, whose head is complete, would be stored: if so,
     * the worker keeps a copy of its body for {@link #store}. A body larger than the largest entry
     * is not worth copying.
     *
     * @param requestTime  when the request's head was complete
     * @param responseTime when the response's head was
     */
    public boolean isStorable(RequestFacts request, ResponseFacts response, long requestTime, long responseTime) {
        return response.bodyLength() <= settings.maxObjectBytes()
                && Freshness.mayHaveLifetime(response, settings)
                && Storability.storable(request, response,
                        Freshness.of(response, settings, requestTime, responseTime), settings);
    }

    /**
     * What a request the cache may store the response to takes before it is served, for
     * {@link #store}: a response whose request began before a change to its target ended is not
     * stored, since it may say what the target said before or during the change.
     */
    public long ticket() {
        return store.ticket();
    }

    /**
     * Stores {@code response} to {@code request} with its whole {@code body}, which the cache
     * keeps and the caller must not change afterwards.
     *
     * @param ticket the {@link #ticket} taken before the request was served
     * @return whether it was stored: not if it is not storable, the body is not whole, it is larger
     *         than the largest entry or the bound, or a change to its target ended after the ticket
     */
    public boolean store(RequestFacts request, long ticket, ResponseFacts response, byte[] body,
            long requestTime, long responseTime) {
        Freshness freshness = Freshness.of(response, settings, requestTime, responseTime);
        return body.length == response.bodyLength()
                && Storability.storable(request, response, freshness, settings)
                && store.store(CachedResponse.of(request, response, body, freshness, settings), ticket);
    }

    /**
     * Drops the entries of the target of {@code request} if it is unsafe, before it is served:
     * whatever the response, the request may change what they say.
     */
    public void invalidateBefore(RequestFacts request) {
        CacheKey target = Invalidation.unsafeTarget(request);
        if (target != null) {
            store.invalidate(target);
        }
    }

    /**
     * The change {@code request} made, if it was unsafe, has ended with {@code response}, or with
     * no answer known if {@code null}: its target's entries are dropped again, with those of the
     * {@code Location} and {@code Content-Location} a non-error response names, and no response to
     * a request that began before now is stored for any of them. A page a client stored while the
     * change was under way may say what the target said before it.
     */
    public void changeEnded(RequestFacts request, ResponseFacts response) {
        CacheKey target = Invalidation.unsafeTarget(request);
        if (target != null) {
            store.changeEnded(target);
        }
        if (response != null) {
            Invalidation.namedBy(request, response).forEach(store::changeEnded);
        }
    }

    /** Drops what {@code response} to {@code request} made wrong if it was unsafe ({@link Invalidation}). */
    public void invalidateAfter(RequestFacts request, ResponseFacts response) {
        Invalidation.invalidatedBy(request, response).forEach(store::invalidate);
    }

    /**
     * Drops the entries of the web application at {@code contextPath} ({@code ""} for the root
     * one) on the host named {@code hostName}, or on every host if {@code null}: when it is
     * reloaded or stopped. Catalina maps several host names to one host, so {@code null} is the
     * safe argument unless only the one name reaches it.
     *
     * @return how many entries were dropped
     */
    public int invalidateContext(String hostName, String contextPath) {
        return store.invalidateContext(hostName, contextPath);
    }

    @Override
    public void purge() {
        store.purge();
    }

    @Override
    public long getHits() {
        return hits.sum();
    }

    @Override
    public long getMisses() {
        return misses.sum();
    }

    @Override
    public long getStores() {
        return store.stores();
    }

    @Override
    public long getEvictions() {
        return store.evictions();
    }

    @Override
    public int getEntries() {
        return store.entries();
    }

    @Override
    public long getBytes() {
        return store.bytes();
    }

    @Override
    public long getMaxBytes() {
        return settings.maxBytes();
    }
}
