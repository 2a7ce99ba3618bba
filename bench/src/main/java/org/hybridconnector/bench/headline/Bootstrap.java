package org.hybridconnector.bench.headline;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Percentile bootstrap of the median of a small sample, one value per block: draws the sample
 * with replacement {@link #resamples()} times, and the 2.5th and 97.5th percentiles of those
 * resamples' medians bound the 95 % interval. Every call starts a fresh generator from one fixed
 * seed, so a report comes out the same each time it is made, whatever order its figures are
 * computed in. {@code +Infinity} (a ratio over zero) counts as a value like any other: it sorts
 * last, so it moves a median only if it is in the middle; {@code NaN} is refused.
 */
public final class Bootstrap {

    public static final int DEFAULT_RESAMPLES = 10_000;
    /** Any fixed number will do; fixed so that reports are reproducible. */
    public static final long DEFAULT_SEED = 20_261_125L;

    private final int resamples;
    private final long seed;

    public Bootstrap() {
        this(DEFAULT_RESAMPLES, DEFAULT_SEED);
    }

    public Bootstrap(int resamples, long seed) {
        if (resamples < 1) {
            throw new IllegalArgumentException("resamples must be positive: " + resamples);
        }
        this.resamples = resamples;
        this.seed = seed;
    }

    public int resamples() {
        return resamples;
    }

    public long seed() {
        return seed;
    }

    /**
     * A sample's median with its 95 % interval, over {@code n} values; all {@code NaN} for an empty
     * sample.
     */
    public record Interval(double median, double low, double high, int n) {

        static final Interval EMPTY = new Interval(Double.NaN, Double.NaN, Double.NaN, 0);

        /** {@code median [low, high]} in {@code pattern}, or "–" for an empty sample. */
        public String format(String pattern) {
            return format(pattern, "");
        }

        /** As a ratio: {@code 1.32x [1.21, 1.40]}. */
        public String ratio() {
            return format("%.2f", "x");
        }

        private String format(String pattern, String unit) {
            if (n == 0) {
                return "–";
            }
            return number(pattern, median) + unit + " [" + number(pattern, low) + ", " + number(pattern, high) + "]";
        }

        /** One number in {@code pattern}, an infinite one as ∞. */
        public static String number(String pattern, double value) {
            return Double.isInfinite(value) ? (value > 0 ? "∞" : "-∞") : String.format(Locale.ROOT, pattern, value);
        }
    }

    /** The median of {@code values} with the percentile bootstrap's 95 % interval. */
    public Interval median(double[] values) {
        if (values.length == 0) {
            return Interval.EMPTY;
        }
        if (Arrays.stream(values).anyMatch(Double::isNaN)) {
            throw new IllegalArgumentException("NaN in the sample: " + Arrays.toString(values));
        }
        SplittableRandom random = new SplittableRandom(seed);
        double[] medians = new double[resamples];
        double[] draw = new double[values.length];
        for (int r = 0; r < resamples; r++) {
            for (int i = 0; i < draw.length; i++) {
                draw[i] = values[random.nextInt(values.length)];
            }
            medians[r] = medianOf(draw);
        }
        Arrays.sort(medians);
        return new Interval(medianOf(values), percentile(medians, 0.025), percentile(medians, 0.975), values.length);
    }

    /** The median; of an even count, the mean of the middle two. Sorts a copy, not {@code values}. */
    public static double medianOf(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /**
     * The {@code p} quantile of sorted values, interpolating linearly between the two nearest
     * ranks (position {@code p·(n−1)}). Equal neighbours return as they are, so that two infinite
     * ones do not make {@code NaN}.
     */
    static double percentile(double[] sorted, double p) {
        double position = p * (sorted.length - 1);
        int below = (int) Math.floor(position);
        int above = (int) Math.ceil(position);
        if (sorted[below] == sorted[above]) {
            return sorted[below];
        }
        return sorted[below] + (sorted[above] - sorted[below]) * (position - below);
    }
}
