package org.hybridconnector.admission;

/**
 * The selector thread's clock for rules that measure over time windows: ticked at least once a
 * second, and every 100 ms or more often while any ticked rule {@link #measuresOverTime()}.
 * <p>
 * Thread safety: only the selector thread ticks.
 */
public interface MeasuringClock {

    /** Measures nothing. */
    MeasuringClock NONE = new MeasuringClock() {
        @Override
        public void tick(long nowNanos) {
        }

        @Override
        public boolean measuresOverTime() {
            return false;
        }
    };

    /** Time has passed: now is {@code nowNanos} ({@link System#nanoTime()}). */
    void tick(long nowNanos);

    /** Whether ticks must come every 100 ms at least rather than once a second. */
    boolean measuresOverTime();

    /** One clock that ticks this one, then {@code other}. */
    default MeasuringClock and(MeasuringClock other) {
        MeasuringClock first = this;
        return new MeasuringClock() {
            @Override
            public void tick(long nowNanos) {
                first.tick(nowNanos);
                other.tick(nowNanos);
            }

            @Override
            public boolean measuresOverTime() {
                return first.measuresOverTime() || other.measuresOverTime();
            }
        };
    }
}
