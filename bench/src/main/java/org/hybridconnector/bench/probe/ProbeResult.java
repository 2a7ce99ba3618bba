package org.hybridconnector.bench.probe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.HdrHistogram.Histogram;

/**
 * What the quick-page probe saw during one step: response-time percentiles (a time-out or a broken
 * connection counts as the full client time-out: the page did not come), and how many attempts
 * timed out, failed or were turned away with a 503.
 * <p>
 * The percentiles are of every attempt, or of one kind of attempt ({@link Pages}). A connection's
 * first request also times the wait to be let in: a connection held in the listen backlog by a
 * session limit or a {@code maxConnections} cap waits there before the server reads a byte of it.
 * That is a new visitor's wait, not the wait of a shopper already inside, so the steady runs time
 * the two apart.
 */
public record ProbeResult(int samples, double p50Millis, double p90Millis, double p99Millis, double maxMillis,
        int timeouts, int failures, int turnedAway) {

    public static final ProbeResult NONE = new ProbeResult(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0, 0, 0);

    /** The precision the percentiles are recorded with. */
    static final int SIGNIFICANT_DIGITS = 3;

    /** Which attempts the percentiles are of. */
    public enum Pages {
        /** Every attempt (the stepped runs, and steady rows before 2026-11-27). */
        ALL,
        /** Those on a connection that had already been answered: a shopper's wait, once inside. */
        MID_VISIT,
        /** Those that opened their connection: a new visitor's wait to be let in, and its reply. */
        OPENINGS;

        boolean takes(ProbeAttempt attempt) {
            return this == ALL || attempt.newConnection() == (this == OPENINGS);
        }
    }

    /**
     * The figures of the attempts sent {@code fromSeconds} or later into the run: the percentiles of
     * those {@code pages} names, and the time-outs, failures and 503s of the same attempts.
     */
    public static ProbeResult of(List<ProbeAttempt> attempts, double fromSeconds, Pages pages) {
        List<ProbeAttempt> measured = attempts.stream()
                .filter(a -> a.startedSeconds() >= fromSeconds && pages.takes(a)).toList();
        double[] times = measured.stream().filter(a -> a.outcome() != ProbeAttempt.Outcome.TURNED_AWAY)
                .mapToDouble(ProbeAttempt::millis).toArray();
        return of(times, count(measured, ProbeAttempt.Outcome.TIMEOUT), count(measured, ProbeAttempt.Outcome.FAILURE),
                count(measured, ProbeAttempt.Outcome.TURNED_AWAY));
    }

    private static int count(List<ProbeAttempt> attempts, ProbeAttempt.Outcome outcome) {
        return (int) attempts.stream().filter(a -> a.outcome() == outcome).count();
    }

    /**
     * Percentiles by the nearest rank over the given times, from an HdrHistogram of them in
     * microseconds to {@value #SIGNIFICANT_DIGITS} significant digits: each is the top of its time's
     * bucket, within 0.1 % of it, and never above the slowest time, which is kept exact.
     */
    public static ProbeResult of(double[] millis, int timeouts, int failures, int turnedAway) {
        if (millis.length == 0) {
            return new ProbeResult(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, timeouts, failures, turnedAway);
        }
        Histogram micros = new Histogram(SIGNIFICANT_DIGITS);
        double max = 0;
        for (double time : millis) {
            micros.recordValue(Math.round(time * 1000));
            max = Math.max(max, time);
        }
        return new ProbeResult(millis.length, percentile(micros, 50, max), percentile(micros, 90, max),
                percentile(micros, 99, max), max, timeouts, failures, turnedAway);
    }

    private static double percentile(Histogram micros, double percentile, double maxMillis) {
        return Math.min(micros.getValueAtPercentile(percentile) / 1000.0, maxMillis);
    }

    public String toLine() {
        return String.format(Locale.ROOT, "samples=%d p50_ms=%.1f p90_ms=%.1f p99_ms=%.1f max_ms=%.1f timeouts=%d "
                + "failures=%d turned_away=%d", samples, p50Millis, p90Millis, p99Millis, maxMillis, timeouts, failures,
                turnedAway);
    }

    public static ProbeResult read(Path file) throws IOException {
        Map<String,String> fields = new HashMap<>();
        for (String field : Files.readString(file).trim().split("\\s+")) {
            int equals = field.indexOf('=');
            if (equals > 0) {
                fields.put(field.substring(0, equals), field.substring(equals + 1));
            }
        }
        try {
            return new ProbeResult(Integer.parseInt(fields.get("samples")), Double.parseDouble(fields.get("p50_ms")),
                    Double.parseDouble(fields.get("p90_ms")), Double.parseDouble(fields.get("p99_ms")),
                    Double.parseDouble(fields.get("max_ms")), Integer.parseInt(fields.get("timeouts")),
                    Integer.parseInt(fields.get("failures")), Integer.parseInt(fields.get("turned_away")));
        } catch (RuntimeException e) {
            throw new IOException(file + " is not a probe result: " + e.getMessage(), e);
        }
    }
}
