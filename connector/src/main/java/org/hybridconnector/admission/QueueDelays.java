package org.hybridconnector.admission;

import java.util.EnumMap;
import java.util.Map;

/**
 * How long requests wait for a worker over a measuring window: the overload signal of
 * {@link SessionAdmission}. Two choices keep a long queue from hiding:
 * <ul>
 * <li><b>Each queue is measured alone and the worse one counts.</b> A mean over all requests lets
 * the small lengthy pool's queue hide behind the many quick requests of the general pool: searches
 * can wait past a client's time-out while the mean stays low. A queue's mean is taken in units of
 * its {@link WorkQueue#patience() patience}: lengthy requests may wait longer, or their small pool
 * would hold the whole server to what it can serve at quick pages' waits.</li>
 * <li><b>Requests still waiting count with their wait so far.</b> A wait seen only when its request
 * starts is seen late, and not at all while nothing starts: in a queue behind ten-second
 * searches, the longest waits are the ones not yet over.</li>
 * </ul>
 * A request still waiting at the end of a window counts in each window it waits through, each time
 * with its wait so far; once it starts, its whole wait counts once more.
 * <p>
 * Thread safety: requests are queued on the selector thread, started on workers, and windows end
 * on the selector thread; each queue's figures change together under its lock, so a window never
 * sees a request counted as waiting without its arrival time.
 */
public final class QueueDelays implements QueueWatcher {

    private final Map<WorkQueue, Queue> queues = new EnumMap<>(WorkQueue.class);

    public QueueDelays() {
        for (WorkQueue queue : WorkQueue.values()) {
            queues.put(queue, new Queue());
        }
    }

    /** A request joined {@code queue} at {@code queuedAt} (nanoseconds, {@link System#nanoTime()}). */
    @Override
    public void queued(WorkQueue queue, long queuedAt) {
        queues.get(queue).queued(queuedAt);
    }

    /** A worker picked up, at {@code startedAt}, a request that joined {@code queue} at {@code queuedAt}. */
    @Override
    public void started(WorkQueue queue, long queuedAt, long startedAt) {
        queues.get(queue).started(queuedAt, startedAt);
    }

    /** A request that joined {@code queue} at {@code queuedAt} was refused by its pool and will never start. */
    @Override
    public void dropped(WorkQueue queue, long queuedAt) {
        queues.get(queue).dropped(queuedAt);
    }

    /**
     * Ends the window at {@code now} and starts the next.
     *
     * @param windowNanos the window's length, to tell stuck workers from a quiet window
     * @return the worst queue's mean wait over its patience, in nanoseconds, to be held against the
     *         admission target (0 if no request waited anywhere), or {@code -1} if no worker picked
     *         up any request while some waited the whole window: the workers are stuck
     */
    public long windowEnded(long now, long windowNanos) {
        long worstMean = 0;
        long started = 0;
        long longestStillWaiting = 0;
        for (Map.Entry<WorkQueue, Queue> entry : queues.entrySet()) {
            Queue.Window window = entry.getValue().windowEnded(now);
            worstMean = Math.max(worstMean, window.meanWait() / entry.getKey().patience());
            started += window.started();
            longestStillWaiting = Math.max(longestStillWaiting, window.meanStillWaiting());
        }
        return started == 0 && longestStillWaiting >= windowNanos ? -1 : worstMean;
    }

    /** The mean wait in {@code queue} over the last window that ended, in nanoseconds, as its patience does not scale it. */
    public long lastMeanWait(WorkQueue queue) {
        return queues.get(queue).lastMeanWait;
    }

    /** One queue's waits: those of requests that started this window and of those still waiting. */
    private static final class Queue {

        private long startedWaitSum;
        private long startedCount;
        /** Sum of the arrival times of the requests waiting now: with their count it gives their total wait so far. */
        private long waitingSinceSum;
        private long waitingCount;
        /** The mean wait of the last window that ended, read by monitoring without the lock. */
        private volatile long lastMeanWait;

        synchronized void queued(long queuedAt) {
            waitingSinceSum += queuedAt;
            waitingCount++;
        }

        synchronized void started(long queuedAt, long startedAt) {
            dropped(queuedAt);
            startedWaitSum += startedAt - queuedAt;
            startedCount++;
        }

        synchronized void dropped(long queuedAt) {
            waitingSinceSum -= queuedAt;
            waitingCount--;
        }

        synchronized Window windowEnded(long now) {
            long stillWaitingSum = waitingCount * now - waitingSinceSum;
            Window window = new Window(startedWaitSum, startedCount, stillWaitingSum, waitingCount);
            lastMeanWait = window.meanWait();
            startedWaitSum = 0;
            startedCount = 0;
            return window;
        }

        record Window(long startedWaitSum, long started, long stillWaitingSum, long stillWaiting) {

            long meanWait() {
                long count = started + stillWaiting;
                return count == 0 ? 0 : (startedWaitSum + stillWaitingSum) / count;
            }

            long meanStillWaiting() {
                return stillWaiting == 0 ? 0 : stillWaitingSum / stillWaiting;
            }
        }
    }
}
