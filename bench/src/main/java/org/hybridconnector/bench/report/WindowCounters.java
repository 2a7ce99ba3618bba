package org.hybridconnector.bench.report;

/**
 * What the server's own counters showed over a step's window, the seconds during which new sessions
 * were offered, without the grace after it. In the grace a server that kept its sessions short has
 * little left to serve, while one whose sessions crawl is still serving them: replies counted over
 * the whole step credit the crawl, these do not.
 * <p>
 * The database's counters say how much work the requests served were: a server that serves many
 * sessions' first pages serves more, cheaper requests for the same database work than one that
 * serves fewer sessions to their end, searches included.
 *
 * @param requestsServed requests Tomcat completed during the window (its {@code GlobalRequestProcessor}'s
 *            {@code requestCount}, the quick-page probe's few included; a 503 the hybrid's selector sends
 *            without a worker is not among them), or -1 if not read
 * @param machineCpuPercent all CPUs' busy time during the window, in % of one core, or {@code NaN} if not read
 * @param dbStatements statements MariaDB received during the window ({@code Questions}, the connection
 *            pool's validation queries included), or -1 if not read (H2, or runs before they were read)
 * @param dbRowsRead rows MariaDB read from its tables during the window ({@code Rows_read}), or -1 if not read
 */
public record WindowCounters(long requestsServed, double machineCpuPercent, long dbStatements, long dbRowsRead) {

    public static final WindowCounters UNKNOWN = new WindowCounters(-1, Double.NaN, -1, -1);

    /** The counters of runs made before the database's were read. */
    public WindowCounters(long requestsServed, double machineCpuPercent) {
        this(requestsServed, machineCpuPercent, -1, -1);
    }

    /** Database rows read per request served, or {@code NaN} if either was not read. */
    public double rowsReadPerRequest() {
        return dbRowsRead < 0 || requestsServed <= 0 ? Double.NaN : (double) dbRowsRead / requestsServed;
    }

    /** Database statements per request served, or {@code NaN} if either was not read. */
    public double statementsPerRequest() {
        return dbStatements < 0 || requestsServed <= 0 ? Double.NaN : (double) dbStatements / requestsServed;
    }
}
