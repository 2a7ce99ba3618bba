package org.hybridconnector;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.tomcat.util.net.AbstractEndpoint;
import org.apache.tomcat.util.threads.TaskQueue;
import org.apache.tomcat.util.threads.TaskThreadFactory;
import org.apache.tomcat.util.threads.ThreadPoolExecutor;
import org.hybridconnector.admission.MeasuringClock;
import org.hybridconnector.admission.WorkLoad;
import org.hybridconnector.admission.WorkQueue;
import org.hybridconnector.workers.LengthyRouting;
import org.hybridconnector.workers.ReserveRule;
import org.hybridconnector.workers.ServiceTimes;
import org.hybridconnector.workers.WorkerCountRule;

/**
 * The workers of a running endpoint and the two optional rules about them: quick and lengthy
 * requests ({@link LengthyRouting}: a second pool, a quarter the size, for lengthy requests when
 * the general pool runs short) and the adaptive worker count ({@link WorkerCountRule}: the
 * general pool's size follows its queue and utilization).
 * <p>
 * With neither rule every request goes to the endpoint's executor, as the paper's design has it.
 * <p>
 * Thread safety: {@link #tick} runs on the selector thread; {@link #route} there for request
 * heads, and on any thread for work without a path (Coyote's async path, HTTP/2 streams);
 * {@link #finished} on workers.
 */
final class WorkerPools implements MeasuringClock {

    /** The most request paths whose service times are learned. */
    static final int MAX_PATHS = 10_000;
    /** How often the adaptive count samples the queue and the busy workers. */
    private static final long SAMPLE_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    private static final long SECOND_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final Executor general;
    private final WorkLoad workLoad;
    private final LengthyRouting routing;
    private final ThreadPoolExecutor lengthy;
    private final WorkerCountRule countRule;
    private final AtomicLong completed = new AtomicLong();
    private volatile int generalCapacity;
    private long nextSample;
    private long nextSecond;
    private int samples;
    private long queueSum;
    private long busySum;
    private int heldBackSamples;
    private long completedAtLastSecond;

    /**
     * @param lengthyMillis the quick/lengthy cut-off in milliseconds, or -1 for one pool
     * @param minReserve the least spare general workers lengthy requests leave to quick ones
     * @param minWorkers the adaptive count's minimum, or -1 for a fixed count
     */
    WorkerPools(AbstractEndpoint<?,?> endpoint, WorkLoad workLoad, int generalCapacity, long lengthyMillis, int minReserve,
            int minWorkers) {
        this.general = endpoint.getExecutor();
        this.workLoad = workLoad;
        this.generalCapacity = generalCapacity;
        int lengthyThreads = Math.max(1, generalCapacity / 4);
        if (lengthyMillis >= 0) {
            routing = new LengthyRouting(new ServiceTimes(lengthyMillis, MAX_PATHS), new ReserveRule(minReserve),
                    () -> this.generalCapacity);
            TaskQueue queue = new TaskQueue();
            lengthy = new ThreadPoolExecutor(lengthyThreads, lengthyThreads, 60, TimeUnit.SECONDS, queue,
                    new TaskThreadFactory(endpoint.getName() + "-lengthy-", true, endpoint.getThreadPriority()));
            queue.setParent(lengthy);
        } else {
            routing = null;
            lengthy = null;
        }
        countRule = minWorkers > 0 ? new WorkerCountRule(minWorkers, generalCapacity, minWorkers) : null;
        workLoad.setWorkerCapacity(generalCapacity + lengthyThreads());
        if (countRule != null) {
            // An adaptive count starts at its minimum and grows while requests queue.
            resizeGeneral(countRule.count());
        }
    }

    /**
     * The pool that serves a request for {@code path} ({@code null}: no head was seen, as for a
     * body arriving or an async dispatch, so the general pool).
     */
    Executor route(String path) {
        if (routing == null) {
            return general;
        }
        if (path == null) {
            routing.generalStarted();
            return general;
        }
        return routing.toLengthyPool(path) ? lengthy : general;
    }

    /** The queue of {@code pool}, one that {@link #route} returned. */
    WorkQueue queueOf(Executor pool) {
        return pool == lengthy ? WorkQueue.LENGTHY : WorkQueue.GENERAL;
    }

    /** A worker finished a turn that {@link #route} sent to {@code pool}, after {@code nanos}. */
    void finished(Executor pool, String path, long nanos) {
        completed.incrementAndGet();
        if (routing == null) {
            return;
        }
        if (pool == general) {
            routing.generalFinished();
        }
        if (path != null) {
            routing.serviceTimes().record(path, nanos);
        }
    }

    /** The selector's clock: samples ten times a second, adapts once a second. */
    @Override
    public void tick(long now) {
        if (countRule != null && now - nextSample >= 0) {
            nextSample = now + SAMPLE_NANOS;
            samples++;
            queueSum += workLoad.ready();
            // The rule sizes the general pool: its busy workers, over its own size below. With a
            // lengthy pool beside it, those the routing counts taken (a worker's thread count would
            // read a pool's threads as busy until they first run).
            busySum += routing == null ? workLoad.running() : generalCapacity - routing.spareGeneral();
            if (workLoad.hasWaiter()) {
                heldBackSamples++;
            }
        }
        if (now - nextSecond < 0) {
            return;
        }
        nextSecond = now + SECOND_NANOS;
        if (routing != null) {
            routing.tick();
        }
        if (countRule != null && samples > 0) {
            long done = completed.get();
            double utilization = (double) busySum / samples / generalCapacity;
            int count = countRule.tick((double) queueSum / samples, (double) heldBackSamples / samples,
                    Math.min(1, utilization), done - completedAtLastSecond);
            completedAtLastSecond = done;
            samples = 0;
            queueSum = 0;
            busySum = 0;
            heldBackSamples = 0;
            resizeGeneral(count);
        }
    }

    private void resizeGeneral(int count) {
        if (count == generalCapacity || !(general instanceof ThreadPoolExecutor pool)) {
            return;
        }
        // Core and maximum move together, in the order that keeps core <= maximum.
        if (count > generalCapacity) {
            pool.setMaximumPoolSize(count);
            pool.setCorePoolSize(count);
        } else {
            pool.setCorePoolSize(count);
            pool.setMaximumPoolSize(count);
        }
        generalCapacity = count;
        workLoad.setWorkerCapacity(count + lengthyThreads());
    }

    /** Whether requests are routed by their path, so the selector must read it. */
    boolean wantsPaths() {
        return routing != null;
    }

    /** Whether {@link #tick} must come every 100 ms (the adaptive count samples that often). */
    @Override
    public boolean measuresOverTime() {
        return countRule != null;
    }

    boolean hasLengthyPool() {
        return lengthy != null;
    }

    boolean isAdaptive() {
        return countRule != null;
    }

    int generalCapacity() {
        return generalCapacity;
    }

    int lengthyThreads() {
        return lengthy == null ? 0 : lengthy.getMaximumPoolSize();
    }

    /** Spare general workers lengthy requests must leave free now, or -1 with one pool. */
    int reserve() {
        return routing == null ? -1 : routing.reserve();
    }

    /** Request paths counted lengthy now, with one pool none. */
    ServiceTimes serviceTimes() {
        return routing == null ? null : routing.serviceTimes();
    }

    /** Queued work that a stop may drop unrun: it lets go of what it holds. */
    interface Droppable extends Runnable {
        void drop();
    }

    /**
     * At a stop, once started requests have had their time: work still queued will not run (the
     * endpoint shuts its executor down at once), so it is dropped and its permits go back, or a later
     * start would count it as work. A shared executor is left alone: its queue holds other
     * connectors' work. The workers finish what they run.
     *
     * @param generalIsOwn whether the general pool is the endpoint's own executor
     */
    void shutdown(boolean generalIsOwn) {
        if (generalIsOwn) {
            refuseAndDropQueued(general);
        }
        if (lengthy != null) {
            refuseAndDropQueued(lengthy);
        }
    }

    private static void refuseAndDropQueued(Executor pool) {
        if (pool instanceof ThreadPoolExecutor executor) {
            // Refusing first, so that nothing is queued after the queue is emptied: work refused
            // is dropped by its dispatcher at once, work queued later would be lost with its permit.
            executor.shutdown();
            List<Runnable> left = new ArrayList<>();
            executor.getQueue().drainTo(left);
            for (Runnable work : left) {
                if (work instanceof Droppable droppable) {
                    droppable.drop();
                }
            }
        }
    }
}
