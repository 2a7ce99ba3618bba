package org.hybridconnector.admission;

import java.util.concurrent.TimeUnit;

/**
 * How many sessions may be in progress at once, steered by the queueing delay of the requests
 * already admitted: the feedback half of {@link SessionAdmission}, free of threads and clocks so
 * that tests can drive it.
 * <p>
 * It limits sessions in progress rather than the rate of new ones because a session's load comes
 * at once and lasts: a session let in now sends requests for minutes, so a rate limit learns of its
 * mistake a session's length later and swings (a model of it did, with the period of a session).
 * A limit on sessions in progress feels each admission within one think time.
 * <p>
 * Open, it lets everything in. At the end of each measuring window it compares the window's mean
 * queueing delay with the target:
 * <ul>
 * <li><b>above the target in {@value #OVER_WINDOWS} windows in a row</b>: overload. The limit drops to
 * {@value #DECREASE} of the sessions in progress (or of the limit, if lower), never under a floor,
 * so that admission goes on probing; new sessions wait until enough admitted ones have ended. One
 * window over the target is not enough: a burst of lengthy requests (a handful of searches at once)
 * lifts one window's mean and drains by itself, and cutting for it leaves the server short of
 * work. It drops once per round: while more sessions are in progress than the last cut allows,
 * the cut is still taking effect, and a queue that outlasts a window is the same overload, not a
 * new one. Nor does it drop while the delay is lower than the window before: a queue that shrinks
 * is served faster than it fills, and cutting for what is left of it (a deep queue of lengthy
 * requests takes seconds to drain) would cut for the same overload again. Nor while fewer than
 * half the allowed sessions are in progress: the load has left, the queue is what it left behind,
 * and a cut under the few sessions still there would start the next rush from near the floor.
 * Stuck workers cut at once, but once per round as well;</li>
 * <li><b>at most half the target</b>: room to spare. If the limit binds (the sessions in progress
 * reach it), it rises by a {@value #RISE_FRACTION}th of itself, at least one: by one a window, a
 * limit cut a third too deep took a minute to climb back, while a fiftieth a window climbs that in
 * about ten seconds and overshoots by a window or two of rises, less than one cut. After
 * {@value #REOPEN_WINDOWS} windows in a row with fewer than half the allowed sessions in progress,
 * it no longer binds and admission opens again;</li>
 * <li><b>in between</b>: the limit holds. This dead band keeps it still under a steady load.</li>
 * </ul>
 * Thread safety: every method is synchronized; callers are the acceptor or the selector
 * (admitting), workers' connections closing (ending), and the selector (ending windows).
 */
public final class SessionLimit {

    static final double DECREASE = 0.9;
    static final int OVER_WINDOWS = 2;
    static final int REOPEN_WINDOWS = 4;
    static final int RISE_FRACTION = 50;

    private final long targetNanos;
    private final int floor;
    private boolean open = true;
    private int limit = Integer.MAX_VALUE;
    private int inProgress;
    private int calmWindows;
    private int overWindows;
    /** The last window's queueing delay, to tell a queue still growing from one draining. */
    private long lastDelayNanos;

    /**
     * @param targetMillis the queueing delay above which the server counts as overloaded
     * @param floor the limit never goes below this many sessions in progress
     */
    public SessionLimit(long targetMillis, int floor) {
        this.targetNanos = TimeUnit.MILLISECONDS.toNanos(targetMillis);
        this.floor = floor;
    }

    /** Lets one new session in if the limit allows; it counts until {@link #ended()}. */
    public synchronized boolean tryAdmit() {
        if (inProgress >= limit) {
            return false;
        }
        inProgress++;
        return true;
    }

    /** A session let in by {@link #tryAdmit()} has ended (its connection closed). */
    public synchronized void ended() {
        inProgress--;
    }

    /**
     * A measuring window ended; requests waited {@code queueDelayNanos} for a worker (a mean, as
     * {@link QueueDelays} takes it), or {@code -1} if none started while requests waited the whole
     * window (the workers are stuck).
     */
    public synchronized void windowEnded(long queueDelayNanos) {
        boolean stuck = queueDelayNanos < 0;
        boolean draining = !stuck && queueDelayNanos < lastDelayNanos;
        lastDelayNanos = stuck ? Long.MAX_VALUE : queueDelayNanos;
        // Fewer than half the allowed sessions in progress: the limit does not bind, demand has fallen.
        boolean fewInProgress = !open && inProgress < limit / 2;
        if (stuck || queueDelayNanos > targetNanos) {
            calmWindows = 0;
            overWindows++;
            // One cut per round: until the sessions over the last cut have ended, that cut has not
            // been felt yet, and cutting again for the same queue would starve the server. Stuck
            // workers end no session: cutting at each window of a stall would leave the limit near
            // the floor long after it. A queue shorter than the window before is that cut being
            // felt: the sessions in progress bring less work than the workers do, and what is left
            // of the queue drains. With few sessions in progress, the load has left by itself and
            // the queue is its tail: a cut to a tenth under the few sessions still there would hold
            // the limit near the floor when the load comes back.
            if (inProgress <= limit && (stuck || (overWindows >= OVER_WINDOWS && !draining && !fewInProgress))) {
                open = false;
                limit = Math.max(floor, (int) (Math.min(limit, inProgress) * DECREASE));
                overWindows = 0;
            }
            return;
        }
        overWindows = 0;
        if (!open && queueDelayNanos <= targetNanos / 2) {
            calmWindows = fewInProgress ? calmWindows + 1 : 0;
            if (calmWindows >= REOPEN_WINDOWS) {
                open = true;
                limit = Integer.MAX_VALUE;
            } else if (inProgress >= limit - 1) {
                limit += Math.max(1, limit / RISE_FRACTION);
            }
        } else {
            calmWindows = 0;
        }
    }

    public synchronized boolean isOpen() {
        return open;
    }

    /** Sessions allowed in progress; {@link Integer#MAX_VALUE} while open. */
    public synchronized int limit() {
        return limit;
    }

    public synchronized int inProgress() {
        return inProgress;
    }
}
