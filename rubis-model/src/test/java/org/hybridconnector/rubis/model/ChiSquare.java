package org.hybridconnector.rubis.model;

import java.util.function.IntToDoubleFunction;

/** Pearson's chi-square of observed counts against expected probabilities (bench's tests use it too). */
public final class ChiSquare {

    /** The 99.9 % quantile of chi-square with 28 degrees of freedom (29 outcomes, the most a row has). */
    public static final double CRITICAL_99_9_DF28 = 56.89;

    private ChiSquare() {
    }

    /**
     * Outcomes with an expected count under 5 are pooled into one cell, as the test requires; an
     * observed count where the probability is 0 makes the statistic infinite.
     */
    public static double statistic(long[] counts, IntToDoubleFunction probability, long total) {
        double chi = 0;
        double pooledExpected = 0;
        long pooledObserved = 0;
        for (int i = 0; i < counts.length; i++) {
            double expected = probability.applyAsDouble(i) * total;
            if (expected == 0) {
                if (counts[i] > 0) {
                    return Double.POSITIVE_INFINITY;
                }
                continue;
            }
            if (expected < 5) {
                pooledExpected += expected;
                pooledObserved += counts[i];
                continue;
            }
            chi += (counts[i] - expected) * (counts[i] - expected) / expected;
        }
        if (pooledExpected > 0) {
            chi += (pooledObserved - pooledExpected) * (pooledObserved - pooledExpected) / pooledExpected;
        }
        return chi;
    }
}
