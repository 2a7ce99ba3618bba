/**
 * The connector's response cache: the rules of RFC 9111 ("HTTP Caching") and RFC 9110 ("HTTP
 * Semantics") a shared cache inside an origin server needs, and the store they fill.
 * <ul>
 * <li>{@link org.hybridconnector.cache.ResponseCache} is what the connector calls: a worker asks
 * whether a response is storable and stores it; the thread serving an unsafe request invalidates
 * before it and ends its change after it; the
 * selector thread asks for a {@link org.hybridconnector.cache.Hit} to write instead of handing a
 * request to a worker.</li>
 * <li>The rules read {@link org.hybridconnector.cache.RequestFacts} and
 * {@link org.hybridconnector.cache.ResponseFacts}, built from
 * {@link org.hybridconnector.cache.HeaderFields}, never Coyote's objects: what a request or a
 * response is, not where it came from. Each rule is a class of its own: {@code Storability}
 * (§3), {@code Freshness} (§4.2), {@code CacheKey} and {@code AcceptedCodings} (§4.1),
 * {@code HitRules} (§4, §5.2.1), {@code Preconditions} (RFC 9110 §13), {@code Invalidation}
 * (§4.4).</li>
 * <li>{@code ResponseStore} holds {@code CachedResponse} entries, bounded in bytes, the least
 * recently used evicted first; its lookups never wait for a lock. {@code ChangeEnds} keeps when
 * the last change to each key ended, so that the store refuses a response read before it.</li>
 * </ul>
 * The connector's {@code Accelerator} asks it on the selector thread and its
 * {@code ResponseCapture} fills it from a worker's response; the cache is also the
 * {@link org.hybridconnector.cache.ResponseCacheMBean} JMX shows. The package depends on nothing of
 * the connector, so that the connector may depend on it.
 * Everything here is immutable but the store and the cache's counts, which are thread-safe.
 */
package org.hybridconnector.cache;
