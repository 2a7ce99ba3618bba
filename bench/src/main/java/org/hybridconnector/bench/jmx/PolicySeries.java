package org.hybridconnector.bench.jmx;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The overload policies over a step, from the connector's counters as {@code jmx-sample} took them
 * (every few seconds from second 0, the {@link #COLUMNS} in that order): per interval between two
 * samples, new sessions admitted and turned away per second; at each sample, the sessions in
 * progress, the session limit (-1 while admission is open), the general workers allowed, the
 * lengthy requests' reserve (-1 with one pool) and each pool's mean queueing delay. The series is
 * what the windowed report plots ({@code admission.png}, {@code workers.png}) and keeps as
 * {@code raw/*-policy.csv}.
 */
public final class PolicySeries {

    /** The hybrid connector's attributes the series is made from, as {@code jmx-sample} columns. */
    public static final List<String> COLUMNS = List.of("admittedSessionCount", "turnedAwayCount", "sessionsInProgress",
            "sessionLimit", "workerCount", "lengthyReserve", "generalQueueDelayMillis", "lengthyQueueDelayMillis");

    public static final String HEADER = "seconds,admitted_per_s,turned_away_per_s,sessions_in_progress,session_limit,"
            + "worker_count,lengthy_reserve,general_wait_ms,lengthy_wait_ms";

    private PolicySeries() {
    }

    /**
     * The policy CSV, header first, from the lines of a {@code jmx-sample} CSV of {@link #COLUMNS}: a
     * row for each sample after the first; a rate whose counts were not both read is left empty.
     *
     * @throws IOException naming the line of a sample that is not as {@code jmx-sample} writes it
     */
    public static List<String> fromSamples(List<String> samples) throws IOException {
        if (samples.isEmpty()) {
            throw new IOException("no samples, not even a header");
        }
        String[] header = samples.get(0).split(",", -1);
        if (header.length != COLUMNS.size() + 1) {
            throw new IOException("the samples have " + (header.length - 1) + " columns, not the " + COLUMNS.size()
                    + " of the policy series: " + samples.get(0));
        }
        List<String> rows = new ArrayList<>(List.of(HEADER));
        String[] previous = null;
        for (int i = 1; i < samples.size(); i++) {
            String[] sample = samples.get(i).split(",", -1);
            if (sample.length != header.length) {
                throw new IOException("line " + (i + 1) + " has " + sample.length + " cells, not " + header.length
                        + ": " + samples.get(i));
            }
            if (previous != null) {
                rows.add(row(previous, sample, i + 1));
            }
            previous = sample;
        }
        return rows;
    }

    private static String row(String[] before, String[] now, int line) throws IOException {
        long seconds = count(now[0], line) - count(before[0], line);
        if (seconds <= 0) {
            throw new IOException("line " + line + ": the samples' seconds do not rise: " + before[0] + ", " + now[0]);
        }
        List<String> cells = new ArrayList<>(List.of(now[0]));
        cells.add(perSecond(before[1], now[1], seconds, line));
        cells.add(perSecond(before[2], now[2], seconds, line));
        for (int c = 3; c < now.length; c++) {
            cells.add(now[c]);
        }
        return String.join(",", cells);
    }

    private static String perSecond(String before, String now, long seconds, int line) throws IOException {
        if (before.isEmpty() || now.isEmpty()) {
            return "";
        }
        return String.format(Locale.ROOT, "%.1f", (double) (count(now, line) - count(before, line)) / seconds);
    }

    private static long count(String cell, int line) throws IOException {
        try {
            return Long.parseLong(cell);
        } catch (NumberFormatException e) {
            throw new IOException("line " + line + ": not a count: " + cell, e);
        }
    }
}
