package org.hybridconnector.workers;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntSupplier;

/**
 * Quick and lengthy requests: which of the two worker pools serves a request.
 * <p>
 * Quick requests always go to the general pool. A lengthy one (its path's average service time
 * is at or above the cut-off, see {@link ServiceTimes}) goes to the general pool only while that
 * pool's spare workers exceed the {@link ReserveRule reserve}; otherwise it queues for the lengthy
 * pool, a quarter the size. Lengthy pages thus use idle general workers when there are any, but
 * can never take the last of them from the quick pages that make up most of a session.
 * <p>
 * Thread safety: routing a path runs on the selector thread, {@link #tick()} too; work without a
 * path is counted into the general pool, and workers report the end of their general-pool
 * requests, from any thread (an atomic count).
 */
public final class LengthyRouting {

    private final ServiceTimes serviceTimes;
    private final ReserveRule reserve;
    private final IntSupplier generalCapacity;
    private final AtomicInteger generalInUse = new AtomicInteger();

    /**
     * @param generalCapacity the general pool's workers now (it may change with an adaptive count)
     */
    public LengthyRouting(ServiceTimes serviceTimes, ReserveRule reserve, IntSupplier generalCapacity) {
        this.serviceTimes = serviceTimes;
        this.reserve = reserve;
        this.generalCapacity = generalCapacity;
    }

    /**
     * Whether a request for {@code path} goes to the lengthy pool. If not, it is counted in the
     * general pool until {@link #generalFinished()}.
     */
    public boolean toLengthyPool(String path) {
        if (serviceTimes.isLengthy(path) && spareGeneral() <= reserve.reserve()) {
            return true;
        }
        generalInUse.incrementAndGet();
        return false;
    }

    /** A request routed to the general pool (or one that did not need routing) has been served. */
    public void generalFinished() {
        generalInUse.decrementAndGet();
    }

    /** A request that did not need routing (a body arriving, an async dispatch) uses a general worker. */
    public void generalStarted() {
        generalInUse.incrementAndGet();
    }

    /** Once a second: the reserve follows the spare general workers. */
    public void tick() {
        reserve.tick(spareGeneral(), generalCapacity.getAsInt());
    }

    /** General workers not running or queued for a request. */
    public int spareGeneral() {
        return Math.max(0, generalCapacity.getAsInt() - generalInUse.get());
    }

    public ServiceTimes serviceTimes() {
        return serviceTimes;
    }

    public int reserve() {
        return reserve.reserve();
    }
}
