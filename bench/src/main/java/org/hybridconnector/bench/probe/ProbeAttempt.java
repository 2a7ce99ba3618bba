package org.hybridconnector.bench.probe;

import java.util.Locale;

/**
 * One request of the quick-page probe, for its timeline: when in the step it was sent, how long it
 * took, and how it ended. The percentiles say how slow the tail was; the timeline says when, which
 * tells a start-up transient from a steady state.
 */
public record ProbeAttempt(double startedSeconds, double millis, Outcome outcome) {

    public enum Outcome {
        REPLY, TIMEOUT, FAILURE, TURNED_AWAY
    }

    public static final String CSV_HEADER = "started_s,ms,outcome";

    public String toCsv() {
        return String.format(Locale.ROOT, "%.3f,%.1f,%s", startedSeconds, millis, outcome.name().toLowerCase(Locale.ROOT));
    }
}
