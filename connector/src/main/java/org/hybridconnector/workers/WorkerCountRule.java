package org.hybridconnector.workers;

/**
 * The adaptive worker count: how many workers may serve at once, between a minimum and a maximum,
 * so that an operator need not tune {@code maxThreads} by hand.
 * <p>
 * Once a second it looks at the last second's mean ready-queue length, the mean utilization of
 * the workers allowed, and the requests completed:
 * <ul>
 * <li><b>grow</b> while requests queue (a mean of at least one) and the workers are nearly all busy
 * (at least 90 %): by half the mean queue, at least one, up to the ceiling. A grow is a trial:
 * if the next second completes less than 5 % more requests, the extra workers did not help (the
 * bottleneck is elsewhere: the CPU, the database), so the count steps back and the ceiling stays
 * there for {@value #HOLD_TICKS} seconds before it is probed again. If it completed more, but
 * less than the added workers would at the rate each worker had before, only the workers the
 * gain pays for are kept (and the ceiling held there), so that a large step cannot overshoot the
 * knee of the throughput curve;</li>
 * <li><b>shrink</b> by one after {@value #IDLE_TICKS} seconds in a row under 50 % utilization with
 * next to no queue;</li>
 * <li>otherwise hold. The gap between 50 % and 90 % and the trial of every grow are what keep
 * it from oscillating: at a steady load the count settles and moves again only to probe, at
 * most once per hold.</li>
 * </ul>
 * Thread safety: none; only the selector thread ticks it.
 */
public final class WorkerCountRule {

    static final int HOLD_TICKS = 30;
    static final int IDLE_TICKS = 3;
    private static final double BUSY = 0.9;
    private static final double IDLE = 0.5;
    private static final double GAIN_NEEDED = 1.05;

    private final int minimum;
    private final int maximum;
    private int count;
    private int ceiling;
    private int heldFor;
    private int idleTicks;
    private int beforeTrial = -1;
    private double completedBeforeTrial;

    public WorkerCountRule(int minimum, int maximum, int initial) {
        if (minimum < 1 || maximum < minimum || initial < minimum || initial > maximum) {
            throw new IllegalArgumentException("need 1 <= minimum " + minimum + " <= initial " + initial +
                    " <= maximum " + maximum);
        }
        this.minimum = minimum;
        this.maximum = maximum;
        this.count = initial;
        this.ceiling = maximum;
    }

    /**
     * How many of the {@code added} workers of the trial earned their place: as many as the extra
     * completions would keep busy at the rate each worker completed before; none if the gain was
     * under 5 %.
     */
    private int workersThatPaid(int added, double completed) {
        if (completed < completedBeforeTrial * GAIN_NEEDED) {
            return 0;
        }
        if (completedBeforeTrial <= 0) {
            return added;
        }
        double perWorker = completedBeforeTrial / beforeTrial;
        long paid = Math.round((completed - completedBeforeTrial) / perWorker);
        return (int) Math.max(0, Math.min(added, paid));
    }

    /** Workers allowed now. */
    public int count() {
        return count;
    }

    /**
     * One second has passed.
     *
     * @param meanQueue requests waiting for a worker, averaged over the second
     * @param utilization busy workers over workers allowed, averaged over the second
     * @param completed requests completed in the second
     * @return the workers allowed from now on
     */
    public int tick(double meanQueue, double utilization, double completed) {
        if (heldFor > 0 && --heldFor == 0) {
            ceiling = maximum;
        }
        if (beforeTrial >= 0) {
            int added = count - beforeTrial;
            int paid = workersThatPaid(added, completed);
            if (paid < added) {
                count = beforeTrial + paid;
                ceiling = count;
                heldFor = HOLD_TICKS;
            }
            beforeTrial = -1;
            return count;
        }
        if (meanQueue >= 1 && utilization >= BUSY && count < ceiling) {
            idleTicks = 0;
            beforeTrial = count;
            completedBeforeTrial = completed;
            count = Math.min(ceiling, count + Math.max(1, (int) (meanQueue / 2)));
        } else if (utilization < IDLE && meanQueue < 0.5) {
            if (++idleTicks >= IDLE_TICKS && count > minimum) {
                count--;
                idleTicks = 0;
            }
        } else {
            idleTicks = 0;
        }
        return count;
    }
}
