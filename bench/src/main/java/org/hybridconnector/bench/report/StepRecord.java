package org.hybridconnector.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.hybridconnector.bench.httperf.HttperfResult;
import org.hybridconnector.bench.probe.ProbeResult;

/**
 * One load step of one variant: the figures of its httperf processes added up, plus what the
 * runner measured around them. One row of {@code steps.csv}.
 *
 * @param offeredRate new sessions per second offered, all httperf processes together
 * @param windowSeconds how long sessions were offered; rates per second below divide by it, so that
 *            variants compare at equal offered load and equal time
 * @param sessionsOffered sessions httperf was told to start
 * @param unfinished sessions neither completed nor failed when the step's time bound stopped httperf
 * @param reconnects connections beyond one per session: each follows a close by the server
 * @param serverClosed connections the server closed by its own decision, from its JMX counters (-1: no such counter)
 * @param serverCpuPercent Tomcat's CPU use over the step, in % of one core
 * @param clientCpuPercent the httperf processes' CPU use, in % of one core, summed
 * @param unparsableReplies replies httperf could not parse as HTTP (bytes where a status line should be)
 * @param machineCpuPercent all CPUs' busy time over the step, in % of one core: what is left after
 *            Tomcat and httperf was used by other processes sharing the machine
 * @param turnedAway sessions ended by a {@code 5xx} reply (httperf runs with {@code --failure-status=503}, so
 *            a client told to come back later gives that session up instead of retrying it)
 * @param abandoned failed sessions that had received at least one reply that did not turn them away: a
 *            client that was being served and then was not, the worst outcome for a shop
 * @param quickPages response times of quick pages as the probe's clients saw them ({@link ProbeResult#NONE}
 *            when the step ran no probe)
 * @param inWindow the server's counters over the window alone ({@link WindowCounters#UNKNOWN} in runs made
 *            before they were read)
 */
public record StepRecord(String mix, String variant, String jvm, double offeredRate, int repeat,
        double windowSeconds, long sessionsOffered, long completed, long failed, long unfinished, long replies,
        double responseMillis, double transferMillis, long clientTimeouts, long connReset, long connRefused,
        long clientLimited, double connectionsPerSession, long reconnects, double lifetimeSeconds,
        double sessionLength, long serverClosed, double serverCpuPercent, double clientCpuPercent, int processes, long unparsableReplies,
        double machineCpuPercent, long turnedAway, long abandoned, ProbeResult quickPages, WindowCounters inWindow) {

    /** The columns of runs made before the window's counters were read: their steps.csv stays readable. */
    static final String HEADER_WITHOUT_WINDOW = "mix,variant,jvm,offered_sess_s,repeat,window_s,sessions_offered,completed,"
            + "failed,unfinished,completed_sess_s,failed_sess_s,replies,reply_rate,response_ms,transfer_ms,"
            + "client_timeouts,conn_resets,conn_refused,client_limited,conns_per_session,reconnects,lifetime_s,"
            + "session_length,server_closed,server_cpu_pct,client_cpu_pct,httperf_processes,unparsable_replies,"
            + "machine_cpu_pct,other_cpu_pct,turned_away,abandoned,quick_samples,quick_p50_ms,quick_p90_ms,quick_p99_ms,"
            + "quick_max_ms,quick_timeouts,quick_failures,quick_turned_away";
    /** The columns of runs made before the database's counters were read. */
    static final String HEADER_WITHOUT_DATABASE = HEADER_WITHOUT_WINDOW + ",window_requests,window_machine_cpu_pct";
    public static final String HEADER = HEADER_WITHOUT_DATABASE + ",window_db_statements,window_db_rows_read";
    private static final int COLUMNS = HEADER.split(",").length;
    private static final int COLUMNS_WITHOUT_DATABASE = HEADER_WITHOUT_DATABASE.split(",").length;
    private static final int COLUMNS_WITHOUT_WINDOW = HEADER_WITHOUT_WINDOW.split(",").length;

    public double completedPerSecond() {
        return completed / windowSeconds;
    }

    public double failedPerSecond() {
        return failed / windowSeconds;
    }

    /** CPU that neither Tomcat nor httperf used: other work on a shared machine, in % of one core. */
    public double otherCpuPercent() {
        return Math.max(0, machineCpuPercent - serverCpuPercent - clientCpuPercent);
    }

    public double replyRate() {
        return replies / windowSeconds;
    }

    /** Requests the server completed per second while sessions were offered, {@code NaN} if not read. */
    public double servedRateInWindow() {
        return inWindow.requestsServed() < 0 ? Double.NaN : inWindow.requestsServed() / windowSeconds;
    }

    /**
     * Adds up the reports of the httperf processes that together offered one step: counts are
     * summed, means are weighted by what they are means of (response time by replies, lifetime by
     * completed sessions).
     */
    public static StepRecord combine(String mix, String variant, String jvm, double offeredRate, int repeat,
            double windowSeconds, long sessionsOffered, List<HttperfResult> results, long serverClosed,
            double serverCpuPercent, double machineCpuPercent, ProbeResult quickPages, WindowCounters inWindow) {
        long completed = 0;
        long total = 0;
        long replies = 0;
        long connections = 0;
        double responseWeighted = 0;
        double transferWeighted = 0;
        double lifetimeWeighted = 0;
        double connectionsWeighted = 0;
        long timeouts = 0;
        long resets = 0;
        long refused = 0;
        long limited = 0;
        long lengthSessions = 0;
        long lengthReplies = 0;
        double clientCpu = 0;
        long unparsable = 0;
        long turnedAway = 0;
        long abandoned = 0;
        for (HttperfResult r : results) {
            turnedAway += r.status5xx();
            abandoned += r.sessionsAbandoned();
            unparsable += r.unparsableReplies();
            completed += r.sessionsCompleted();
            total += r.sessionsTotal();
            replies += r.replies();
            connections += r.connections();
            responseWeighted += r.responseMillis() * r.replies();
            transferWeighted += r.transferMillis() * r.replies();
            if (r.sessionsCompleted() > 0) {
                lifetimeWeighted += r.sessionLifetimeSeconds() * r.sessionsCompleted();
                connectionsWeighted += r.connectionsPerSession() * r.sessionsCompleted();
            }
            timeouts += r.clientTimeouts();
            resets += r.connReset();
            refused += r.connRefused();
            limited += r.fdUnavailable() + r.addrUnavailable() + r.ftabFull();
            long[] histogram = r.sessionLengthHistogram();
            for (int i = 0; i < histogram.length; i++) {
                lengthSessions += histogram[i];
                lengthReplies += i * histogram[i];
            }
            clientCpu += r.durationSeconds() > 0 ? 100 * (r.cpuUserSeconds() + r.cpuSystemSeconds()) / r.durationSeconds()
                    : 0;
        }
        // Every offered session opens a connection within the window (the bound leaves time after
        // it); connections beyond those are reconnects after the server closed one.
        return new StepRecord(mix, variant, jvm, offeredRate, repeat, windowSeconds, sessionsOffered, completed,
                total - completed, Math.max(0, sessionsOffered - total), replies,
                replies == 0 ? Double.NaN : responseWeighted / replies,
                replies == 0 ? Double.NaN : transferWeighted / replies, timeouts, resets, refused, limited,
                completed == 0 ? Double.NaN : connectionsWeighted / completed, Math.max(0, connections - sessionsOffered),
                completed == 0 ? Double.NaN : lifetimeWeighted / completed,
                lengthSessions == 0 ? Double.NaN : (double) lengthReplies / lengthSessions, serverClosed,
                serverCpuPercent, clientCpu, results.size(), unparsable, machineCpuPercent, turnedAway, abandoned, quickPages,
                inWindow);
    }

    public String toCsv() {
        List<String> cells = new ArrayList<>(List.of(mix, variant, jvm, num(offeredRate), Integer.toString(repeat),
                num(windowSeconds), Long.toString(sessionsOffered), Long.toString(completed), Long.toString(failed),
                Long.toString(unfinished), num(completedPerSecond()), num(failedPerSecond()), Long.toString(replies),
                num(replyRate()), num(responseMillis), num(transferMillis), Long.toString(clientTimeouts),
                Long.toString(connReset), Long.toString(connRefused), Long.toString(clientLimited),
                num(connectionsPerSession), Long.toString(reconnects), num(lifetimeSeconds), num(sessionLength),
                Long.toString(serverClosed), num(serverCpuPercent), num(clientCpuPercent), Integer.toString(processes),
                Long.toString(unparsableReplies), num(machineCpuPercent), num(otherCpuPercent()),
                Long.toString(turnedAway), Long.toString(abandoned), Integer.toString(quickPages.samples()),
                num(quickPages.p50Millis()), num(quickPages.p90Millis()), num(quickPages.p99Millis()),
                num(quickPages.maxMillis()), Integer.toString(quickPages.timeouts()),
                Integer.toString(quickPages.failures()), Integer.toString(quickPages.turnedAway()),
                Long.toString(inWindow.requestsServed()), num(inWindow.machineCpuPercent()),
                Long.toString(inWindow.dbStatements()), Long.toString(inWindow.dbRowsRead())));
        return String.join(",", cells);
    }

    public static StepRecord fromCsv(String line) {
        String[] c = line.split(",", -1);
        if (c.length != COLUMNS && c.length != COLUMNS_WITHOUT_DATABASE && c.length != COLUMNS_WITHOUT_WINDOW) {
            throw new IllegalArgumentException("expected " + COLUMNS + " cells (" + COLUMNS_WITHOUT_DATABASE + " in runs "
                    + "made before the database's counters were read, " + COLUMNS_WITHOUT_WINDOW
                    + " before the window's): " + line);
        }
        WindowCounters inWindow = WindowCounters.UNKNOWN;
        if (c.length == COLUMNS) {
            inWindow = new WindowCounters(Long.parseLong(c[COLUMNS_WITHOUT_WINDOW]), d(c[COLUMNS_WITHOUT_WINDOW + 1]),
                    Long.parseLong(c[COLUMNS_WITHOUT_DATABASE]), Long.parseLong(c[COLUMNS_WITHOUT_DATABASE + 1]));
        } else if (c.length == COLUMNS_WITHOUT_DATABASE) {
            inWindow = new WindowCounters(Long.parseLong(c[COLUMNS_WITHOUT_WINDOW]), d(c[COLUMNS_WITHOUT_WINDOW + 1]));
        }
        return new StepRecord(c[0], c[1], c[2], d(c[3]), Integer.parseInt(c[4]), d(c[5]), Long.parseLong(c[6]),
                Long.parseLong(c[7]), Long.parseLong(c[8]), Long.parseLong(c[9]), Long.parseLong(c[12]), d(c[14]),
                d(c[15]), Long.parseLong(c[16]), Long.parseLong(c[17]), Long.parseLong(c[18]), Long.parseLong(c[19]),
                d(c[20]), Long.parseLong(c[21]), d(c[22]), d(c[23]), Long.parseLong(c[24]), d(c[25]), d(c[26]),
                Integer.parseInt(c[27]), Long.parseLong(c[28]), d(c[29]), Long.parseLong(c[31]), Long.parseLong(c[32]),
                new ProbeResult(Integer.parseInt(c[33]), d(c[34]), d(c[35]), d(c[36]), d(c[37]), Integer.parseInt(c[38]),
                        Integer.parseInt(c[39]), Integer.parseInt(c[40])), inWindow);
    }

    private static String num(double value) {
        return Double.isNaN(value) ? "" : String.format(Locale.ROOT, "%.3f", value);
    }

    private static double d(String cell) {
        return cell.isEmpty() ? Double.NaN : Double.parseDouble(cell);
    }
}
