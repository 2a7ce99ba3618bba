package org.hybridconnector.bench.surge;

import java.util.random.RandomGenerator;

/**
 * The distributions of a Surge-like static workload (docs/bench.md, "Static workload"), as
 * parameters so that the values the team could not verify against the Surge paper can be changed
 * in one place:
 * file sizes from a lognormal body with a Pareto tail, Zipf popularity, Pareto counts of embedded
 * files per object, Pareto user OFF times. Heavy tails are capped so that one run stays bounded
 * in disk space and time; the caps are parameters too.
 */
public record SurgeModel(double bodyMu, double bodySigma, double tailFraction, double tailK, double tailAlpha,
        long maxFileBytes, double zipfExponent, double embeddedK, double embeddedAlpha, int maxFilesPerObject,
        double offK, double offAlpha, double maxOffSeconds, double requestsPerSession) {

    /** Surge's commonly quoted values (unchecked against the paper), 10 MB and 60 s caps, six requests a session. */
    public static SurgeModel defaults() {
        return new SurgeModel(9.357, 1.318, 0.07, 133_000, 1.1, 10L << 20, 1.0, 1, 2.43, 150, 1, 1.5, 60, 6);
    }

    /** A file size: lognormal body with probability {@code 1 - tailFraction}, Pareto tail otherwise. */
    public long fileSize(RandomGenerator random) {
        double bytes;
        if (random.nextDouble() < tailFraction) {
            bytes = pareto(random, tailK, tailAlpha);
        } else {
            bytes = Math.exp(bodyMu + bodySigma * random.nextGaussian());
        }
        return Math.max(1, Math.min(maxFileBytes, Math.round(bytes)));
    }

    /** Files in one object (a page and its embedded files): a Pareto draw rounded down, at least 1. */
    public int filesPerObject(RandomGenerator random) {
        return (int) Math.max(1, Math.min(maxFilesPerObject, Math.floor(pareto(random, embeddedK, embeddedAlpha))));
    }

    /** A user's OFF time between objects, in milliseconds. */
    public long offMillis(RandomGenerator random) {
        return Math.round(1000 * Math.min(maxOffSeconds, pareto(random, offK, offAlpha)));
    }

    static double pareto(RandomGenerator random, double k, double alpha) {
        // Inverse transform; 1 - u is in (0, 1], so the draw is finite.
        return k / Math.pow(1 - random.nextDouble(), 1 / alpha);
    }
}
