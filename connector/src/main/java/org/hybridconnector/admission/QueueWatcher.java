package org.hybridconnector.admission;

/**
 * Hears how long requests wait for a worker: a policy that measures overload by queueing delay
 * ({@link QueueDelays}) listens here. Times are {@link System#nanoTime()}.
 * <p>
 * Thread safety: called from the dispatching thread and from workers concurrently.
 */
public interface QueueWatcher {

    /** Watches nothing. */
    QueueWatcher NONE = new QueueWatcher() {
        @Override
        public void queued(WorkQueue queue, long queuedAt) {
        }

        @Override
        public void started(WorkQueue queue, long queuedAt, long startedAt) {
        }

        @Override
        public void dropped(WorkQueue queue, long queuedAt) {
        }
    };

    /** A request joined {@code queue} at {@code queuedAt} to wait for a worker. */
    void queued(WorkQueue queue, long queuedAt);

    /** A worker picked up, at {@code startedAt}, a request that joined {@code queue} at {@code queuedAt}. */
    void started(WorkQueue queue, long queuedAt, long startedAt);

    /** A request that joined {@code queue} at {@code queuedAt} was refused by its pool and will never start. */
    void dropped(WorkQueue queue, long queuedAt);
}
