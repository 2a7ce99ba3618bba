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
 * @param serverCpu what the server's core did in the interval
 */
public record SteadyRow(String source, int block, double load, String variant, String commit,
        double completedPerSecond, double serverAbandonedPerSecond, double quickP99Millis, boolean clientLimited,
        double intervalSeconds, double lifetimeSeconds, double inProgressAtEnd, double httperfAbandonedPerSecond,
        ServerCpu serverCpu) {

    /** A row without the figures that tell whether the interval was long enough, nor the server's CPU. */
    public SteadyRow(String source, int block, double load, String variant, String commit, double completedPerSecond,
            double serverAbandonedPerSecond, double quickP99Millis, boolean clientLimited) {
        this(source, block, load, variant, commit, completedPerSecond, serverAbandonedPerSecond, quickP99Millis,
                clientLimited, Double.NaN, Double.NaN, Double.NaN, Double.NaN, ServerCpu.UNKNOWN);
    }

    /**
     * CPU 0 over the interval, where Tomcat and the database are pinned: httperf's replies per second, the
     * core's busy time and that of each of the two processes, in % of the core; NaN where not read (the
     * processes' since 2026-11-28, the database's only on MariaDB). Where the server is the limit, the time
     * per reply is what decides how many sessions a connector completes.
     */
    public record ServerCpu(double repliesPerSecond, double corePercent, double tomcatPercent,
            double databasePercent) {

        public static final ServerCpu UNKNOWN = new ServerCpu(Double.NaN, Double.NaN, Double.NaN, Double.NaN);

        /**
         * Milliseconds of Tomcat's CPU time per httperf reply: 1 % of a core is 10 ms a second. The probe's and
         * the sampler's few requests are served too, so it reads a little high, alike for every connector.
         */
        public double tomcatMillisPerReply() {
            return 10 * tomcatPercent / repliesPerSecond;
        }

        /** The same of the database's CPU time. */
        public double databaseMillisPerReply() {
            return 10 * databasePercent / repliesPerSecond;
        }

        /**
         * The core's busy time spent by neither process: interrupts and the network's soft interrupts, time the
         * hypervisor took (steal), and unpinned processes that ran there (the runner's own, for one). The
         * processes' system calls, their part of the kernel's work, count as theirs.
         */
        public double restPercent() {
            return corePercent - tomcatPercent - databasePercent;
        }
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
