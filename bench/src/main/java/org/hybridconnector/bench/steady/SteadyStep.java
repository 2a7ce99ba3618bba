package org.hybridconnector.bench.steady;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.hybridconnector.bench.httperf.HttperfResult;
import org.hybridconnector.bench.probe.ProbeResult;

/**
 * One variant at one load in one block of a steady-state campaign: what ended inside the measured
 * interval, from the clients' side (httperf) and from the server's (its access log).
 *
 * @param completedPerSecond sessions httperf completed in the interval, by completion time: the headline figure
 * @param repliesPerSecond replies httperf received in the interval
 * @param server the sessions that ended in the interval by the access log, and those still in progress at its end
 * @param cohort the httperf reports of the slices that started inside the interval: their failed and abandoned
 *            sessions, as the clients count them, for comparison with the server's count
 * @param lifetimeSeconds mean lifetime of the sessions completed by the interval's slices
 * @param probe the quick pages the probe's clients asked mid-visit
 * @param openings the probe's attempts that opened their connection: its clients' waits to be let in
 * @param clientLimited whether an httperf process ran out of descriptors or ports: the step is not valid
 * @param cpu the CPUs' busy time over the interval
 */
public record SteadyStep(int block, double load, String variant, String commit, double intervalSeconds,
        double completedPerSecond, double repliesPerSecond, AccessLogSessions.Count server, Cohort cohort,
        double lifetimeSeconds, ProbeResult probe, ProbeResult openings, boolean clientLimited, Cpu cpu) {

    /** The clients' count for the sessions that started in the interval, up to the step's stop. */
    public record Cohort(long offered, long completed, long failed, long abandoned, long unfinished) {
    }

    /**
     * Busy time over the interval in % of one core, NaN where not read: the whole machine's, CPU 0's (Tomcat and
     * the database are pinned to it) and CPU 1's (httperf, the probe, the sampler); then the two processes on
     * CPU 0, Tomcat's JVM and the database server, each over all its threads.
     */
    public record Cpu(double machinePercent, double cpu0Percent, double cpu1Percent, double tomcatPercent,
            double databasePercent) {

        public static final Cpu UNKNOWN = new Cpu(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }

    public static final String HEADER = "block,load,variant,commit,interval_s,completed_per_s,replies_per_s,"
            + "server_completed_per_s,server_abandoned_per_s,server_turned_away_per_s,server_in_progress_at_end,"
            + "cohort_offered,cohort_completed,cohort_failed,cohort_abandoned,cohort_unfinished,"
            + "httperf_abandoned_per_s,lifetime_s,quick_mid_visit_p50_ms,quick_mid_visit_p99_ms,quick_timeouts,"
            + "quick_openings,quick_opening_p99_ms,quick_opening_timeouts,client_limited,machine_cpu_percent,"
            + "cpu0_percent,cpu1_percent,tomcat_cpu_percent,database_cpu_percent";

    /** The step's figures from its slices, between {@code from} and {@code to} (epoch milliseconds). */
    public static SteadyStep of(int block, double load, String variant, String commit, List<SliceRun> slices,
            long from, long to, AccessLogSessions.Count server, ProbeResult probe, ProbeResult openings, Cpu cpu) {
        double seconds = (to - from) / 1000.0;
        long completed = slices.stream().mapToLong(s -> s.completedBetween(from, to)).sum();
        long replies = slices.stream().mapToLong(s -> s.repliesBetween(from, to)).sum();
        List<SliceRun> inInterval = slices.stream().filter(s -> s.startMillis() >= from && s.startMillis() < to)
                .toList();
        List<HttperfResult> results = inInterval.stream().map(SliceRun::result).toList();
        long cohortCompleted = results.stream().mapToLong(HttperfResult::sessionsCompleted).sum();
        long ended = results.stream().mapToLong(HttperfResult::sessionsTotal).sum();
        long offered = inInterval.stream().mapToLong(SliceRun::sessions).sum();
        Cohort cohort = new Cohort(offered, cohortCompleted, ended - cohortCompleted,
                results.stream().mapToLong(HttperfResult::sessionsAbandoned).sum(), Math.max(0, offered - ended));
        double lifetime = cohortCompleted == 0 ? Double.NaN
                : results.stream().mapToDouble(r -> r.sessionLifetimeSeconds() * r.sessionsCompleted()).sum()
                        / cohortCompleted;
        boolean limited = slices.stream().anyMatch(s -> s.result().clientLimited());
        return new SteadyStep(block, load, variant, commit, seconds, completed / seconds, replies / seconds, server,
                cohort, lifetime, probe, openings, limited, cpu);
    }

    public String toCsv() {
        double seconds = intervalSeconds;
        return Stream.of(Integer.toString(block), number(load), variant, commit, number(seconds),
                number(completedPerSecond), number(repliesPerSecond), number(server.completed() / seconds),
                number(server.abandoned() / seconds), number(server.turnedAway() / seconds),
                Long.toString(server.inProgressAtEnd()), Long.toString(cohort.offered()),
                Long.toString(cohort.completed()), Long.toString(cohort.failed()), Long.toString(cohort.abandoned()),
                Long.toString(cohort.unfinished()), number(cohort.abandoned() / seconds), number(lifetimeSeconds),
                number(probe.p50Millis()), number(probe.p99Millis()), Integer.toString(probe.timeouts()),
                Integer.toString(openings.samples() + openings.turnedAway()), number(openings.p99Millis()),
                Integer.toString(openings.timeouts()), Boolean.toString(clientLimited), number(cpu.machinePercent()),
                number(cpu.cpu0Percent()), number(cpu.cpu1Percent()), number(cpu.tomcatPercent()),
                number(cpu.databasePercent()))
                .collect(Collectors.joining(","));
    }

    /** A line for the runner's console. */
    public String describe() {
        return String.format(Locale.ROOT,
                "%-20s %6.1f sess/s block %d: completed %6.2f/s (server %6.2f/s), abandoned after a reply "
                        + "%5.2f/s (httperf %5.2f/s), %d in progress at the end, %6.1f replies/s, quick p99 %.0f ms, "
                        + "CPU 0 %.0f %% (Tomcat %.0f %%, database %.0f %%), CPU 1 %.0f %%%s",
                variant, load, block, completedPerSecond, server.completed() / intervalSeconds,
                server.abandoned() / intervalSeconds, cohort.abandoned() / intervalSeconds, server.inProgressAtEnd(),
                repliesPerSecond, probe.p99Millis(), cpu.cpu0Percent(), cpu.tomcatPercent(),
                cpu.databasePercent(), cpu.cpu1Percent(),
                clientLimited ? " CLIENT-LIMITED" : "");
    }

    private static String number(double value) {
        return Double.isNaN(value) ? "NaN" : String.format(Locale.ROOT, "%.3f", value);
    }
}
