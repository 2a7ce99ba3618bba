package org.hybridconnector.bench.headline;

/**
 * One row of a steady-state campaign: one variant's measured interval in one block at one offered
 * load. Rates are per second of the measured interval; {@code NaN} where the figure was not read.
 *
 * @param source the file the row came from; block numbers count per file, so it is part of the block
 * @param block the block's number in its file (≥ 1)
 * @param load offered new sessions per second
 * @param completedPerSecond completed sessions per second, the headline figure
 * @param serverAbandonedPerSecond sessions that got a reply and were then cut, by the server's access log
 * @param quickP99Millis the 99th percentile response time of quick pages asked mid-visit, by shoppers already in
 * @param clientLimited whether the load generator ran out of descriptors, which voids the row
 * @param intervalSeconds the measured interval's length
 * @param lifetimeSeconds the mean lifetime of completed sessions: the interval should hold ten of them
 * @param inProgressAtEnd sessions running across the interval's end, by the server's access log
 * @param httperfAbandonedPerSecond sessions abandoned after a reply as httperf counts them, beside the server's count
 */
public record SteadyRow(String source, int block, double load, String variant, String commit,
        double completedPerSecond, double serverAbandonedPerSecond, double quickP99Millis, boolean clientLimited,
        double intervalSeconds, double lifetimeSeconds, double inProgressAtEnd, double httperfAbandonedPerSecond) {

    /** A row without the figures that tell whether the interval was long enough. */
    public SteadyRow(String source, int block, double load, String variant, String commit, double completedPerSecond,
            double serverAbandonedPerSecond, double quickP99Millis, boolean clientLimited) {
        this(source, block, load, variant, commit, completedPerSecond, serverAbandonedPerSecond, quickP99Millis,
                clientLimited, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }

    /** Completed sessions over the interval, against which the sessions still in progress at its end are small. */
    public double inProgressShare() {
        return inProgressAtEnd / (completedPerSecond * intervalSeconds);
    }

    /** A block: the variants run back to back at one load, the unit that paired ratios and resamples use. */
    public record BlockId(String source, int number) {
    }

    public BlockId blockId() {
        return new BlockId(source, block);
    }
}
