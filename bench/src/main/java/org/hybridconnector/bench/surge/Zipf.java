package org.hybridconnector.bench.surge;

import java.util.Arrays;
import java.util.random.RandomGenerator;

/** Ranks 0..n-1 drawn with probability proportional to {@code 1 / (rank + 1)^exponent}. */
public final class Zipf {

    private final double[] cumulative;

    public Zipf(int n, double exponent) {
        if (n < 1) {
            throw new IllegalArgumentException("n must be at least 1");
        }
        cumulative = new double[n];
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += 1 / Math.pow(i + 1, exponent);
            cumulative[i] = sum;
        }
        for (int i = 0; i < n; i++) {
            cumulative[i] /= sum;
        }
    }

    public int next(RandomGenerator random) {
        int i = Arrays.binarySearch(cumulative, random.nextDouble());
        int rank = i >= 0 ? i + 1 : -i - 1;
        return Math.min(rank, cumulative.length - 1);
    }

    /** The probability of a rank. */
    public double probability(int rank) {
        return rank == 0 ? cumulative[0] : cumulative[rank] - cumulative[rank - 1];
    }
}
