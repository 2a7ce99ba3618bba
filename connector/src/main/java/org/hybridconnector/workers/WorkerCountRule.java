package org.hybridconnector.workers;

/**
 * The adaptive worker count: how many workers may serve at once, between a minimum and a maximum,
 * so that an operator need not tune {@code maxThreads} by hand. It climbs the throughput curve by
 * trials, judged on {@value #WINDOW_TICKS}-second windows of completions.
 * <ul>
 * <li><b>Under pressure</b> (a window with at least 90 % of the workers busy and a mean queue of at
 * least one, or the acceptor held back half the time or more), once any hold is over, it tries a
 * step in its current direction: up by half the count, kept if completions grew by 5 % or more
 * (and then only as many workers as the gain pays for); down by a quarter, kept if completions fell
 * by less than 3 %. A kept step is followed by another the same way; a step that did not pay is
 * undone, the direction turns, and the count holds for {@value #HOLD_TICKS} seconds, twice as long
 * after each further unpaid step (at most {@value #MAX_HOLD_TICKS}).</li>
 * <li><b>Idle</b>: after {@value #IDLE_TICKS} seconds in a row under 50 % utilization with next to
 * no queue and nobody held back, one worker fewer; not while a step is on trial.</li>
 * <li>Otherwise it holds.</li>
 * </ul>
 * Why windows, trials both ways and these steps: {@code docs/decisions/0005-adaptive-worker-count.md}.
 * <p>
 * Thread safety: none; only the selector thread ticks it.
 */
public final class WorkerCountRule {

    static final int WINDOW_TICKS = 5;
    static final int HOLD_TICKS = 20;
    static final int MAX_HOLD_TICKS = 160;
    static final int IDLE_TICKS = 3;
    private static final double BUSY = 0.9;
    private static final double IDLE = 0.5;
    private static final double GAIN_NEEDED = 1.05;
    private static final double LOSS_TOLERATED = 0.97;

    private final int minimum;
    private final int maximum;
    private int count;

    private boolean goingUp = true;
    private int hold;
    private int nextHold = HOLD_TICKS;
    private int idleTicks;

    /** The window being measured: seconds in it and their sums. */
    private int windowTicks;
    private double windowCompleted;
    private double windowQueue;
    private double windowHeldBack;
    private double windowUtilization;

    /** The count before the step on trial, or -1 when no step is on trial. */
    private int beforeTrial = -1;
    /** Mean completions per second of the window before the step on trial. */
    private double completedBeforeTrial;

    public WorkerCountRule(int minimum, int maximum, int initial) {
        if (minimum < 1 || maximum < minimum || initial < minimum || initial > maximum) {
            throw new IllegalArgumentException("need 1 <= minimum " + minimum + " <= initial " + initial +
                    " <= maximum " + maximum);
        }
        this.minimum = minimum;
        this.maximum = maximum;
        this.count = initial;
    }

    /** Workers allowed now. */
    public int count() {
        return count;
    }

    /**
     * One second has passed.
     *
     * @param meanQueue requests waiting for a worker, averaged over the second
     * @param heldBack the share of the second during which the acceptor held new connections back
     * @param utilization busy workers over workers allowed, averaged over the second
     * @param completed requests completed in the second
     * @return the workers allowed from now on
     */
    public int tick(double meanQueue, double heldBack, double utilization, double completed) {
        if (hold > 0) {
            hold--;
        }
        if (beforeTrial < 0 && utilization < IDLE && meanQueue < 0.5 && heldBack == 0) {
            shrinkWhenIdle();
            return count;
        }
        idleTicks = 0;
        windowTicks++;
        windowCompleted += completed;
        windowQueue += meanQueue;
        windowHeldBack += heldBack;
        windowUtilization += utilization;
        if (windowTicks == WINDOW_TICKS) {
            endWindow(windowCompleted / windowTicks, windowQueue / windowTicks, windowHeldBack / windowTicks,
                    windowUtilization / windowTicks);
            startWindow();
        }
        return count;
    }

    private void shrinkWhenIdle() {
        startWindow();
        if (++idleTicks >= IDLE_TICKS && count > minimum) {
            count--;
            idleTicks = 0;
        }
    }

    private void startWindow() {
        windowTicks = 0;
        windowCompleted = 0;
        windowQueue = 0;
        windowHeldBack = 0;
        windowUtilization = 0;
    }

    private void endWindow(double completed, double meanQueue, double heldBack, double utilization) {
        if (beforeTrial >= 0) {
            judgeTrial(completed);
            return;
        }
        boolean pressed = utilization >= BUSY && (meanQueue >= 1 || heldBack >= 0.5);
        if (!pressed || hold > 0) {
            return;
        }
        int step = goingUp ? Math.min(maximum, count + Math.max(1, count / 2))
                : Math.max(minimum, count - Math.max(1, count / 4));
        if (step == count) {
            // Against a bound: the other direction is the only one left to probe.
            goingUp = !goingUp;
            return;
        }
        beforeTrial = count;
        completedBeforeTrial = completed;
        count = step;
    }

    private void judgeTrial(double completed) {
        int kept = count > beforeTrial ? beforeTrial + workersThatPaid(count - beforeTrial, completed)
                : completed >= completedBeforeTrial * LOSS_TOLERATED ? count : beforeTrial;
        boolean paid = kept != beforeTrial;
        count = kept;
        beforeTrial = -1;
        if (paid) {
            nextHold = HOLD_TICKS;
        } else {
            goingUp = !goingUp;
            hold = nextHold;
            nextHold = Math.min(MAX_HOLD_TICKS, 2 * nextHold);
        }
    }

    /**
     * How many of the {@code added} workers of an upward step earned their place: as many as the extra
     * completions would keep busy at the rate each worker completed before; none if the gain was
     * under 5 %, or nothing completed (workers stuck on a back end that hangs).
     */
    private int workersThatPaid(int added, double completed) {
        if (completed < completedBeforeTrial * GAIN_NEEDED || completed <= 0) {
            return 0;
        }
        if (completedBeforeTrial <= 0) {
            return added;
        }
        double perWorker = completedBeforeTrial / beforeTrial;
        long paid = Math.round((completed - completedBeforeTrial) / perWorker);
        return (int) Math.max(0, Math.min(added, paid));
    }
}
