package org.hybridconnector.bench.run;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * How a step of the stepped modes (quick, full) offers its sessions: how many httperf processes, each
 * with how many sessions at what rate. Under overload every request of a session may wait out the
 * clients' 10 s time-out, so a session can stay open for the whole step; one process keeps at most
 * {@value #SESSIONS_PER_PROCESS} sessions open, or it runs out of its 1,024 descriptors (httperf's
 * fd-unavail) in exactly the steps that matter.
 *
 * @param processes          httperf processes sharing the step
 * @param sessions           new sessions the step offers in all
 * @param perProcess         sessions in each process's file
 * @param ratePerProcess     each process's new sessions/s
 * @param gracePerProcess    sessions each process offers through the grace (--sustain), else 0
 */
public record OfferPlan(int processes, int sessions, int perProcess, double ratePerProcess, int gracePerProcess) {

    static final int SESSIONS_PER_PROCESS = 900;

    /** What shapes a session's length: the workload, its think times and pages, and the step's bound in seconds. */
    public record Sessions(boolean staticWorkload, double thinkScale, int maxPages, int boundSeconds) {

        /** The longest a session may stay open: every request timed out after its think time, within the bound. */
        double longestLifeSeconds() {
            // RUBiS: a mean think time of 7 s at x1; Surge-like: about six requests, OFF times of 3 s on average.
            double life = staticWorkload ? 6 * (3 * thinkScale + 10) : maxPages * (7 * thinkScale + 10);
            return Math.min(life, boundSeconds);
        }

        /** httperf processes for {@code rate} new sessions/s. */
        int processesFor(double rate) {
            return Math.max(1, (int) Math.ceil(rate * longestLifeSeconds() / SESSIONS_PER_PROCESS));
        }
    }

    /** A step at {@code rate} that starts sessions for {@code seconds}, and {@code graceSeconds} more if sustained. */
    public static OfferPlan of(Sessions sessions, double rate, int seconds, int graceSeconds) {
        int processes = sessions.processesFor(rate);
        int offered = offered(rate, seconds);
        return new OfferPlan(processes, offered, ceilDiv(offered, processes), rate / processes,
                ceilDiv(offered(rate, graceSeconds), processes));
    }

    /** New sessions offered at {@code rate} per second over {@code seconds}, rounded. */
    static int offered(double rate, int seconds) {
        return (int) Math.floor(rate * seconds + 0.5);
    }

    /** A rate as a person writes it: 2.5, 20. */
    public static String label(double rate) {
        return BigDecimal.valueOf(rate).stripTrailingZeros().toPlainString();
    }

    private static int ceilDiv(int a, int b) {
        return (a + b - 1) / b;
    }

    /** "processes sessions perProcess ratePerProcess gracePerProcess", as the runner reads it. */
    public String words() {
        return String.format(Locale.ROOT, "%d %d %d %.6f %d", processes, sessions, perProcess, ratePerProcess,
                gracePerProcess);
    }
}
