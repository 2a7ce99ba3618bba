package org.hybridconnector.workers;

/**
 * How many general workers stay free for quick requests: lengthy requests may use the general
 * pool only while its spare workers exceed this reserve.
 * <p>
 * The reserve follows the spare workers seen once a second. When they fall below it, the
 * general pool is being eaten into, so the reserve rises by the shortfall, and by more if spare
 * workers fell under the configured minimum, which means quick requests already had to queue.
 * When spare workers rise above it, the reserve falls by half the surplus (rounded down), never
 * under the minimum: it backs off gradually, so one quiet second does not reopen the general pool
 * to a flood of lengthy requests.
 * <p>
 * It never exceeds the general pool's size less two (nor falls under the minimum). While spare
 * workers stay at none the rule alone would double the reserve every second, past any meaning and,
 * within a minute, past the range of an {@code int}; and a reserve of the whole pool, or of all but
 * one worker, could never fall again, since spare workers cannot exceed the pool and half a surplus
 * of one rounds down to nothing. Two short of the pool, an idle pool brings it back down.
 * <p>
 * Only the selector thread ticks it; workers read {@link #reserve()} from any thread.
 */
public final class ReserveRule {

    private final int minimum;
    private volatile int reserve;

    /** @param minimum the reserve never goes below this many spare general workers */
    public ReserveRule(int minimum) {
        if (minimum < 0) {
            throw new IllegalArgumentException("minimum reserve " + minimum + " < 0");
        }
        this.minimum = minimum;
        this.reserve = minimum;
    }

    /** The spare general workers lengthy requests must leave free. */
    public int reserve() {
        return reserve;
    }

    public int minimum() {
        return minimum;
    }

    /**
     * One second has passed and the general pool, of {@code capacity} workers, has {@code spare} of
     * them free: adapt.
     */
    public void tick(int spare, int capacity) {
        int current = reserve;
        if (spare < current) {
            current += (current - spare) + Math.max(0, minimum - spare);
        } else if (spare > current) {
            current -= (spare - current) / 2;
        }
        reserve = Math.max(minimum, Math.min(current, capacity - 2));
    }
}
