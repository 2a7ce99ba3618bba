package org.hybridconnector.admission;

/**
 * One request's claim on the workers, from the moment it is queued for a worker until it ends.
 * While held it counts as ready work, then as running work once a worker {@link #start()}s it;
 * its {@link QueueWatcher} hears when it was queued, started or dropped.
 * <p>
 * Released exactly once however the request ends: served, failed, or refused by its pool before
 * it started (a drop, which the watcher hears as such, since it never waited to the end).
 * <p>
 * Thread safety: taken on the thread that dispatches (the selector, a thread of Coyote's async
 * path, or whichever thread hands Coyote's work to a worker, such as an HTTP/2 stream's), started
 * and released on the worker, or released on the dispatching thread if the pool refused the task.
 */
public final class RequestPermit extends Permit {

    private final WorkLoad load;
    private final QueueWatcher watcher;
    private final WorkQueue queue;
    private final long queuedAt;
    private volatile boolean started;

    private RequestPermit(WorkLoad load, QueueWatcher watcher, WorkQueue queue, long queuedAt) {
        this.load = load;
        this.watcher = watcher;
        this.queue = queue;
        this.queuedAt = queuedAt;
    }

    /** Counts a request queued in {@code queue} now, until the permit is released. */
    public static RequestPermit take(WorkLoad load, QueueWatcher watcher, WorkQueue queue) {
        RequestPermit permit = new RequestPermit(load, watcher, queue, System.nanoTime());
        load.requestQueued();
        watcher.queued(queue, permit.queuedAt);
        return permit;
    }

    /** A worker picked the request up: from now on it counts as running. Called once, by that worker. */
    public void start() {
        if (started || !isHeld()) {
            return;
        }
        started = true;
        long startedAt = System.nanoTime();
        load.requestStarted();
        watcher.started(queue, queuedAt, startedAt);
    }

    @Override
    protected void onRelease() {
        if (started) {
            load.requestFinished();
        } else {
            load.requestDropped();
            watcher.dropped(queue, queuedAt);
        }
    }
}
