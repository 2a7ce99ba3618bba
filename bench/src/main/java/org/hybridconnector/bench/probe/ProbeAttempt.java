package org.hybridconnector.bench.probe;

import java.util.Locale;

/**
 * One request of the quick-page probe, for its timeline: when in the step it was sent, how long it
 * took, how it ended, and whether it opened its connection. The percentiles say how slow the tail
 * was; the timeline says when, which tells a start-up transient from a steady state, and whether
 * the slow ones waited to be let in (a connection the session-aware hybrid sees as a new session)
 * or in the middle of a connection.
 */
public record ProbeAttempt(double startedSeconds, double millis, Outcome outcome, boolean newConnection) {

    public enum Outcome {
        REPLY, TIMEOUT, FAILURE, TURNED_AWAY
    }

    public static final String CSV_HEADER = "started_s,ms,outcome,new_connection";

    public String toCsv() {
        return String.format(Locale.ROOT, "%.3f,%.1f,%s,%b", startedSeconds, millis,
                outcome.name().toLowerCase(Locale.ROOT), newConnection);
    }
}
