package org.hybridconnector.bench.httperf;

/**
 * The figures of one httperf run's report that the benchmarks record (httperf 0.9.0's format).
 * Session figures are {@code NaN}/0 for runs without {@code --wsess}/{@code --wsesslog}.
 *
 * @param durationSeconds "test-duration": from the first connection to the last reply or failure
 * @param replyRateAvg the mean of the 5-second reply-rate samples, {@code NaN} without samples
 * @param responseMillis mean time to the first byte of a reply
 * @param transferMillis mean time to receive a reply's rest
 * @param sessionRateAvg completed sessions / test duration, as httperf prints it
 * @param sessionsCompleted successful sessions ("S" of "S/T")
 * @param sessionsTotal all sessions ("T")
 * @param connectionsPerSession TCP connections per completed session
 * @param sessionLifetimeSeconds mean lifetime of completed sessions (think times included)
 * @param sessionFailtimeSeconds mean time until failure of failed sessions
 * @param sessionLengthHistogram sessions that ended after 0, 1, 2, ... replies
 * @param cpuUserSeconds httperf's own CPU use: a busy-waiting client near 100 % of a core is the bottleneck
 * @param unparsableReplies replies whose status line httperf could not parse ("invalid status line",
 *            "bad status"): bytes where a response should start, a framing error on one side
 */
public record HttperfResult(long connections, long requests, long replies, double durationSeconds,
        double connectionRate, double requestRate, double replyRateAvg, int replyRateSamples,
        double responseMillis, double transferMillis, long status1xx, long status2xx, long status3xx, long status4xx,
        long status5xx, long errorsTotal, long clientTimeouts, long socketTimeouts, long connRefused, long connReset,
        long fdUnavailable, long addrUnavailable, long ftabFull, long otherErrors, double sessionRateAvg,
        long sessionsCompleted, long sessionsTotal, double connectionsPerSession, double sessionLifetimeSeconds,
        double sessionFailtimeSeconds, long[] sessionLengthHistogram, double cpuUserSeconds, double cpuSystemSeconds,
        double cpuTotalPercent, int openFileLimit, long unparsableReplies) {

    /** Sessions that failed: time-outs, or a connection closed before its first reply. */
    public long sessionsFailed() {
        return sessionsTotal - sessionsCompleted;
    }

    /**
     * Failed sessions that had been served: they ended after a reply that did not turn them away.
     * httperf counts every session's replies, failed ones too, and with
     * {@code --failure-status=503} a 503 ends its session. A failed session with two replies or
     * more had a real one before it failed; one with a single reply was either turned away at
     * once (that reply was the 503) or served once and then failed. The second kind is what
     * remains of the single-reply sessions after at most one per {@code 5xx} reply is taken as
     * a turn-away, so a 503 in mid-session (RUBiS answers one when its database pool wait runs
     * out) is never mistaken for a turn-away at the door.
     */
    public long sessionsAbandoned() {
        long failedBeforeAnyReply = histogram(0);
        long turnedAwayAtOnce = Math.min(status5xx, histogram(1));
        return Math.max(0, sessionsFailed() - failedBeforeAnyReply - turnedAwayAtOnce);
    }

    private long histogram(int replies) {
        return replies < sessionLengthHistogram.length ? sessionLengthHistogram[replies] : 0;
    }

    /**
     * Whether the client itself ran out of something (descriptors, ports, file table): httperf's
     * manual says such a run's figures are not valid.
     */
    public boolean clientLimited() {
        return fdUnavailable + addrUnavailable + ftabFull > 0;
    }

    /** Mean replies per session, over completed and failed sessions alike, from the histogram. */
    public double meanSessionLength() {
        long sessions = 0;
        long replies = 0;
        for (int i = 0; i < sessionLengthHistogram.length; i++) {
            sessions += sessionLengthHistogram[i];
            replies += i * sessionLengthHistogram[i];
        }
        return sessions == 0 ? Double.NaN : (double) replies / sessions;
    }
}
