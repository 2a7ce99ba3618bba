package org.hybridconnector.cache;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * One stored response, an entry of the {@link ResponseStore}: its head and body as bytes ready to
 * be written, and what the rules ask of it on a hit (freshness, validators, codings, whether a
 * request with credentials or cookies may have it).
 * <p>
 * Immutable once built by a worker, so the selector thread may read it while workers replace
 * or invalidate it: a hit already under way keeps the entry it found. The one exception is its
 * store's note of its last use, read and written only under the store's lock.
 */
final class CachedResponse {

    /**
     * What an entry costs beyond its bytes: this object, its key, its freshness, the store's map
     * and recency nodes and the arrays' headers, rounded up.
     */
    static final int OVERHEAD_BYTES = 512;

    private static final ByteBuffer EMPTY = ByteBuffer.allocate(0).asReadOnlyBuffer();

    private final CacheKey key;
    /** The encoding variant ({@link AcceptedCodings#variant()}) it was stored for; {@code null} if it does not vary. */
    private final String variant;
    private final int status;
    /** The fixed parts of its heads ({@link StoredHead#fixed}): a full one, and a 304's. */
    private final ByteBuffer head;
    private final ByteBuffer notModifiedHead;
    /** Read-only and direct: a socket takes it without the copy into a direct buffer a heap array costs. */
    private final ByteBuffer body;
    private final Freshness freshness;
    private final String entityTag;
    private final long lastModified;
    private final List<String> contentCodings;
    private final boolean sharedDespiteAuthorization;
    private final boolean staticType;
    /** When its store last stored or answered it, by the store's count of those: guarded by the store's lock. */
    private long lastUse;

    private CachedResponse(CacheKey key, String variant, ResponseFacts response, byte[] body, Freshness freshness,
            CacheSettings settings) {
        this.key = key;
        this.variant = variant;
        this.status = response.status();
        this.head = StoredHead.fixed(StoredHead.full(response), freshness.date());
        this.notModifiedHead = StoredHead.fixed(StoredHead.notModified(response), freshness.date());
        this.body = ByteBuffer.allocateDirect(body.length).put(body).flip().asReadOnlyBuffer();
        this.freshness = freshness;
        HeaderFields fields = response.fields();
        this.entityTag = fields.count("ETag") == 1 ? fields.value("ETag") : null;
        this.lastModified = fields.date("Last-Modified");
        this.contentCodings = fields.elements("Content-Encoding").stream().map(AcceptedCodings::canonical)
                .filter(coding -> !coding.equals("identity")).toList();
        this.sharedDespiteAuthorization = Storability.sharedDespiteAuthorization(response.cacheControl());
        this.staticType = settings.isStatic(response.mediaType());
    }

    long lastUse() {
        return lastUse;
    }

    void used(long use) {
        lastUse = use;
    }

    /**
     * The entry for {@code response} to {@code request}, which must be
     * {@linkplain Storability#storable storable}. It keeps {@code body}, which its caller must not
     * change afterwards.
     */
    static CachedResponse of(RequestFacts request, ResponseFacts response, byte[] body, Freshness freshness,
            CacheSettings settings) {
        String variant = response.fields().contains("Vary") ? AcceptedCodings.of(request.fields()).variant() : null;
        return new CachedResponse(CacheKey.of(request), variant, response, body, freshness, settings);
    }

    CacheKey key() {
        return key;
    }

    /** Whether it answers a request of encoding variant {@code requested}. */
    boolean answers(String requested) {
        return variant == null || variant.equals(requested);
    }

    /** Whether storing it drops {@code other}, stored under the same key: one answers what the other did. */
    boolean replaces(CachedResponse other) {
        return variant == null || other.variant == null || variant.equals(other.variant);
    }

    int status() {
        return status;
    }

    Freshness freshness() {
        return freshness;
    }

    /** Its {@code ETag}, or {@code null} if it has none. */
    String entityTag() {
        return entityTag;
    }

    /** Its {@code Last-Modified} date, or -1 if it has none. */
    long lastModified() {
        return lastModified;
    }

    /** The content codings of its body, without {@code identity}. */
    List<String> contentCodings() {
        return contentCodings;
    }

    /** Whether a request with {@code Authorization} may have it (RFC 9111 §3.5). */
    boolean sharedDespiteAuthorization() {
        return sharedDespiteAuthorization;
    }

    /** Whether its media type is one of the static ones, which a request with a cookie may have. */
    boolean staticType() {
        return staticType;
    }

    /** The body's length in bytes. */
    long bodySize() {
        return body.capacity();
    }

    /** The bytes it takes in the store's bound: head, 304 head, body, key and {@link #OVERHEAD_BYTES}. */
    long size() {
        return head.capacity() + notModifiedHead.capacity() + body.capacity() + key.host().length() + key.target().length()
                + OVERHEAD_BYTES;
    }

    /**
     * What a hit at {@code now} writes: its head's fixed part (status line, fields, {@code Date}),
     * the tail ({@code Age}, {@code connectionFields}, the empty line) and the body, or, for a 304,
     * the 304's head and no body. Each part is a view of its own position, so that hits on several
     * connections do not meet.
     */
    ByteBuffer[] hit(long now, String connectionFields, boolean notModified, boolean withBody) {
        return new ByteBuffer[] { (notModified ? notModifiedHead : head).duplicate(),
                StoredHead.tail(ageSeconds(now), connectionFields), withBody ? body.duplicate() : EMPTY };
    }

    private long ageSeconds(long now) {
        return freshness.age(now) / 1000;
    }
}
