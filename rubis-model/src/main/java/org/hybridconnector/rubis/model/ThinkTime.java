package org.hybridconnector.rubis.model;

import java.util.random.RandomGenerator;

/**
 * The RUBiS client's think time with {@code workload_use_tpcw_think_time = yes} (docs/rubis.md,
 * "Think times"), the setting of every benchmark the original shipped: TPC-W's negative
 * exponential with a 7 s mean, cut off at about 70 s.
 */
public final class ThinkTime {

    static final double MEAN_MILLIS = 7000;
    /** Below this draw the wait is 0: TPC-W's cut-off, at 7000 * ln(1 / 4.54e-5) ≈ 70 s. */
    static final double CUT_OFF = 4.54e-5;

    private ThinkTime() {
    }

    public static long tpcwMillis(RandomGenerator random) {
        double r = random.nextDouble();
        if (r < CUT_OFF) {
            return 0;
        }
        return Math.round(-MEAN_MILLIS * Math.log(r));
    }
}
