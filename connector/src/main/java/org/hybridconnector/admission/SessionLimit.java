package org.hybridconnector.admission;

import java.util.concurrent.TimeUnit;

/**
 * How many sessions may be in progress at once, steered by the queueing delay of the requests
 * already admitted: the feedback half of {@link SessionAdmission}, free of threads and clocks so
 * that tests can drive it. It limits sessions in progress rather than the rate of new ones, since a
 * session's load comes at once and lasts.
 * <p>
 * Open, it lets everything in. At the end of each measuring window it compares the window's mean
 * queueing delay with the target:
 * <ul>
 * <li><b>above the target in {@value #OVER_WINDOWS} windows in a row</b> (or the workers stuck):
 * the limit drops to {@value #DECREASE} of the sessions in progress, never under a floor. Once per
 * round only, and not while the delay falls or fewer than half the allowed sessions are in
 * progress: then the last cut, or the load's leaving, is what the queue shows;</li>
 * <li><b>at most half the target</b>: a binding limit rises by a {@value #RISE_FRACTION}th of
 * itself (at least one); after {@value #REOPEN_WINDOWS} windows in a row with fewer than half the
 * allowed sessions in progress, admission opens again;</li>
 * <li><b>in between</b>: the limit holds. This dead band keeps it still under a steady load.</li>
 * </ul>
 * Why each part is as it is: {@code docs/decisions/0004-session-limit-rule.md}.
 * <p>
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
        if (!hasRoom()) {
            return false;
        }
        inProgress++;
        return true;
    }

    /** Whether the limit would let one more session in now; takes no place. */
    public synchronized boolean hasRoom() {
        return inProgress < limit;
    }

    /**
     * Counts in a session that {@link #hasRoom()} let in a moment before it arrived, even if the
     * limit has fallen since (the acceptor asks before {@code accept()} and counts after it); it
     * counts until {@link #ended()}.
     */
    public synchronized void admitted() {
        inProgress++;
    }

    /** A session let in by {@link #tryAdmit()} or {@link #admitted()} has ended (its connection closed). */
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
            // One cut per round (while more sessions are in progress than the last cut allows, it
            // has not been felt yet); none while the queue drains or the load has left by itself.
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

    /**
     * The free places as a share of the limit, in percent: 100 while open, 0 when full, and never
     * rounded down to 0 while a place is free.
     */
    public synchronized int roomPercent() {
        if (open) {
            return 100;
        }
        int free = limit - inProgress;
        return free <= 0 ? 0 : Math.max(1, (int) (100L * free / limit));
    }

    public synchronized int inProgress() {
        return inProgress;
    }
}
