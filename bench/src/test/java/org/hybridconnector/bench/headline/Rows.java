package org.hybridconnector.bench.headline;

import java.util.List;

/**
 * Hand-made steady rows for the tests: one file (or a study's own), every figure read, none client-limited
 * unless asked.
 */
final class Rows {

    static final String FILE = "steady.csv";

    private Rows() {
    }

    static SteadyRow row(int block, double load, String variant, double completed) {
        return full(block, load, variant, completed, 0, 100, false);
    }

    static SteadyRow full(int block, double load, String variant, double completed, double abandoned, double p99,
            boolean clientLimited) {
        return new SteadyRow(FILE, block, load, variant, "abc1234", completed, abandoned, p99, clientLimited);
    }

    /** A row of study {@code file}'s block. */
    static SteadyRow in(String file, int block, double load, String variant, double completed,
            double abandoned) {
        return new SteadyRow(file, block, load, variant, "abc1234", completed, abandoned, 100, false);
    }

    /**
     * Two studies on machines of different speeds, R 10 and 100: at 2x, study a's blocks give
     * hybrid 1.1 and 1.3 times nio's, study b's block 0.9 times nio2's (its best stock); b's block at
     * 1.5x, 3 times, is not judged. Pooled, the median of the three per-block ratios is 1.1.
     */
    static List<Study> twoStudies() {
        Bootstrap bootstrap = new Bootstrap();
        Campaign a = new Campaign(List.of(in("a", 1, 20, "nio", 10, 0), in("a", 1, 20, "hybrid", 11, 0),
                in("a", 2, 20, "nio", 10, 0), in("a", 2, 20, "hybrid", 13, 0), in("a", 3, 10, "hybrid", 10, 0)),
                bootstrap);
        Campaign b = new Campaign(List.of(in("b", 1, 200, "nio", 50, 0), in("b", 1, 200, "nio2", 100, 0),
                in("b", 1, 200, "hybrid", 90, 0.25), in("b", 2, 150, "nio2", 100, 0), in("b", 2, 150, "hybrid", 300, 0),
                in("b", 3, 100, "hybrid", 90, 0)), bootstrap);
        return List.of(new Study("mix/a", a, 10), new Study("mix/b", b, 100));
    }
}
