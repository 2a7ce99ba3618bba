package org.hybridconnector.cache;

/**
 * When the last change to each key ended, on a clock of its own that ticks once per end: a
 * response whose request began before the last change to its key ended may hold what the resource
 * said before or during the change, and is not stored (decision 0019). A request's
 * {@linkplain #ticket ticket} is the clock's reading when it began.
 * <p>
 * Keys share {@value #STRIPES} stripes by their hash, so the table never grows: a change to one key
 * also refuses the responses of the keys that share its stripe and began before its end. That costs
 * them a miss, never a stale entry.
 * <p>
 * Threads: {@link #ticket} is any thread's; {@link #end} and {@link #endedSince} are called under
 * the store's lock, so an end and a store are ordered by it.
 */
final class ChangeEnds {

    private static final int STRIPES = 1024;

    /** Written under the store's lock, read by any thread. */
    private volatile long clock;
    /** Each stripe's last end, on {@link #clock}. Guarded by the store's lock. */
    private final long[] lastEnd = new long[STRIPES];

    /** The clock now: what a request takes when it begins. */
    long ticket() {
        return clock;
    }

    /** A change to {@code key} has ended: a response whose request began before now is not stored for it. */
    void end(CacheKey key) {
        long now = clock + 1;
        lastEnd[stripe(key)] = now;
        clock = now;
    }

    /** Whether a change to {@code key}, or to a key of its stripe, ended after a request with {@code ticket} began. */
    boolean endedSince(CacheKey key, long ticket) {
        return lastEnd[stripe(key)] > ticket;
    }

    private static int stripe(CacheKey key) {
        int hash = key.hashCode();
        return (hash ^ (hash >>> 16)) & (STRIPES - 1);
    }
}
