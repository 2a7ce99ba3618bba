package org.hybridconnector.bench.report;

/**
 * What the server's own counters showed over a step's window, the seconds during which new sessions
 * were offered, without the grace after it. In the grace a server that kept its sessions short has
 * little left to serve, while one whose sessions crawl is still serving them: replies counted over
 * the whole step credit the crawl, these do not.
 *
 * @param requestsServed requests Tomcat completed during the window (its {@code GlobalRequestProcessor}'s
 *            {@code requestCount}, the quick-page probe's few included; a 503 the hybrid's selector sends
 *            without a worker is not among them), or -1 if not read
 * @param machineCpuPercent all CPUs' busy time during the window, in % of one core, or {@code NaN} if not read
 */
public record WindowCounters(long requestsServed, double machineCpuPercent) {

    public static final WindowCounters UNKNOWN = new WindowCounters(-1, Double.NaN);
}
