package org.hybridconnector.bench.headline;

/** Hand-made steady rows for the tests: one file, every figure read, none client-limited unless asked. */
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
}
