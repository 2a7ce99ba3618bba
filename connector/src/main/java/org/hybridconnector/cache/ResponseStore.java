package org.hybridconnector.cache;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The stored responses, bounded by the bytes they take, the least recently used evicted first. A
 * response whose request began before the last change to its key ended is not stored
 * ({@link ChangeEnds}).
 * <p>
 * Threads: workers store and invalidate (and, rarely, the selector thread ends a change), the
 * selector thread looks up, a JMX or lifecycle thread purges or drops a web application's
 * entries, and any thread reads the counts. Lookups read a concurrent map and never wait: they
 * note the use of an entry only if the lock is free at that moment, so under contention recency
 * is approximate, never the selector's wait. Everything else
 * changes the map, the recency order and the counts together under the lock, and only moves
 * references there: entries are built, and their bytes copied, before.
 */
final class ResponseStore {

    /**
     * The most encoding variants kept for one key, the least recently used going first: a lookup
     * scans them on the selector thread, and a client can spell {@code Accept-Encoding} in endless
     * ways. Browsers use a few.
     */
    static final int MAX_VARIANTS = 8;

    private final long maxBytes;
    private final long maxBodyBytes;
    /** The entries of each key: one that does not vary, or one for each encoding variant. */
    private final Map<CacheKey,List<CachedResponse>> byKey = new ConcurrentHashMap<>();
    private final ReentrantLock lock = new ReentrantLock();
    /** Every entry, least recently used first. Guarded by {@link #lock}. */
    private final LinkedHashMap<CachedResponse,CachedResponse> recency = new LinkedHashMap<>(64, 0.75f, true);
    /** Stores and noted uses so far, each entry's last in its {@link CachedResponse#lastUse}; under {@link #lock}. */
    private long uses;
    /** Guarded by {@link #lock}, but for its {@linkplain ChangeEnds#ticket tickets}. */
    private final ChangeEnds changeEnds = new ChangeEnds();
    // Written under the lock, read by any thread.
    private volatile long bytes;
    private volatile int count;
    private volatile long stores;
    private volatile long evictions;

    /**
     * @param maxBytes      the bound on all entries' {@linkplain CachedResponse#size() sizes} together
     * @param maxBodyBytes  the largest body stored ({@code responseCacheMaxObjectSize}, which the
     *                      capture checks before it copies a body)
     */
    ResponseStore(long maxBytes, long maxBodyBytes) {
        this.maxBytes = maxBytes;
        this.maxBodyBytes = maxBodyBytes;
    }

    /** The entry stored under {@code key} that answers encoding variant {@code variant}, or {@code null}. */
    CachedResponse lookup(CacheKey key, String variant) {
        List<CachedResponse> stored = byKey.get(key);
        if (stored == null) {
            return null;
        }
        for (CachedResponse entry : stored) {
            if (entry.answers(variant)) {
                noteUse(entry);
                return entry;
            }
        }
        return null;
    }

    /** Moves {@code entry} to the most recently used end, unless that would mean waiting for the lock. */
    private void noteUse(CachedResponse entry) {
        if (lock.tryLock()) {
            try {
                recency.get(entry);
                entry.used(++uses);
            } finally {
                lock.unlock();
            }
        }
    }

    /** What a request takes when it begins, for {@link #store}: the store's change clock now. */
    long ticket() {
        return changeEnds.ticket();
    }

    /**
     * Stores {@code entry} in place of those it {@linkplain CachedResponse#replaces replaces},
     * evicting the least recently used entries until all fit.
     *
     * @param ticket the {@link #ticket} its request took when it began
     * @return whether it was stored: not if its body is larger than the largest body, the entry
     *         larger than the bound, or a change to its key ended after its request began
     */
    boolean store(CachedResponse entry, long ticket) {
        if (entry.bodySize() > maxBodyBytes || entry.size() > maxBytes) {
            return false;
        }
        lock.lock();
        try {
            if (changeEnds.endedSince(entry.key(), ticket)) {
                return false;
            }
            for (CachedResponse other : byKey.getOrDefault(entry.key(), List.of())) {
                if (entry.replaces(other)) {
                    remove(other);
                }
            }
            List<CachedResponse> variants = byKey.getOrDefault(entry.key(), List.of());
            if (variants.size() >= MAX_VARIANTS) {
                remove(variants.stream().min(Comparator.comparingLong(CachedResponse::lastUse)).orElseThrow());
                evictions++;
            }
            // Room first, so that the bytes another thread reads never exceed the bound.
            makeRoom(entry.size());
            List<CachedResponse> kept = new ArrayList<>(byKey.getOrDefault(entry.key(), List.of()));
            kept.add(entry);
            byKey.put(entry.key(), List.copyOf(kept));
            recency.put(entry, entry);
            entry.used(++uses);
            bytes += entry.size();
            count++;
            stores++;
        } finally {
            lock.unlock();
        }
        return true;
    }

    /** Evicts the least recently used entries until {@code size} more bytes fit the bound. */
    private void makeRoom(long size) {
        while (bytes + size > maxBytes && !recency.isEmpty()) {
            remove(recency.keySet().iterator().next());
            evictions++;
        }
    }

    private void remove(CachedResponse entry) {
        List<CachedResponse> kept = new ArrayList<>(byKey.get(entry.key()));
        kept.remove(entry);
        if (kept.isEmpty()) {
            byKey.remove(entry.key());
        } else {
            byKey.put(entry.key(), List.copyOf(kept));
        }
        forget(entry);
    }

    /** Takes {@code entry} out of the recency order and the counts; its key's list is the caller's. */
    private void forget(CachedResponse entry) {
        recency.remove(entry);
        bytes -= entry.size();
        count--;
    }

    /** Drops every entry of {@code key}, all its variants. @return how many */
    int invalidate(CacheKey key) {
        lock.lock();
        try {
            List<CachedResponse> dropped = byKey.remove(key);
            if (dropped == null) {
                return 0;
            }
            dropped.forEach(this::forget);
            return dropped.size();
        } finally {
            lock.unlock();
        }
    }

    /**
     * A change to {@code key} has ended: drops its entries, which a request that began during the
     * change may have stored, and refuses those of requests that began before now.
     */
    void changeEnded(CacheKey key) {
        lock.lock();
        try {
            changeEnds.end(key);
            invalidate(key);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Drops every entry of the web application at {@code contextPath} on the host named
     * {@code hostName} (any port), or on every host if it is {@code null}. @return how many
     */
    int invalidateContext(String hostName, String contextPath) {
        lock.lock();
        try {
            int dropped = 0;
            for (CacheKey key : List.copyOf(byKey.keySet())) {
                if ((hostName == null || key.hostName().equalsIgnoreCase(hostName)) && key.isWithin(contextPath)) {
                    dropped += invalidate(key);
                }
            }
            return dropped;
        } finally {
            lock.unlock();
        }
    }

    /** Drops every entry. */
    void purge() {
        lock.lock();
        try {
            byKey.clear();
            recency.clear();
            bytes = 0;
            count = 0;
        } finally {
            lock.unlock();
        }
    }

    long bytes() {
        return bytes;
    }

    int entries() {
        return count;
    }

    long stores() {
        return stores;
    }

    long evictions() {
        return evictions;
    }
}
