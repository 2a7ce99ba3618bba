package org.hybridconnector.bench.steady;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.hybridconnector.bench.httperf.HttperfOutputParser;
import org.hybridconnector.bench.httperf.HttperfResult;

/**
 * One httperf process of a steady step: the session file it offered, when it started (epoch
 * milliseconds), its report and its rate samples.
 * <p>
 * The runner writes every slice of a step into one file, each slice's output behind a line
 * {@code ### slice NAME start_ms=T sessions=N}; {@link #parseAll} reads it back.
 */
public record SliceRun(String name, long startMillis, int sessions, HttperfResult result, RateSamples samples) {

    static final String HEADER = "### slice ";

    public static List<SliceRun> parseAll(String combined) {
        List<SliceRun> slices = new ArrayList<>();
        String[] parts = combined.split("(?m)^" + HEADER);
        for (int i = 1; i < parts.length; i++) {
            int eol = parts[i].indexOf('\n');
            String header = eol < 0 ? parts[i] : parts[i].substring(0, eol);
            String output = eol < 0 ? "" : parts[i].substring(eol + 1);
            String[] words = header.strip().split("\\s+");
            if (words.length != 3 || !words[1].startsWith("start_ms=") || !words[2].startsWith("sessions=")) {
                throw new IllegalArgumentException("bad slice header '" + HEADER + header + "'");
            }
            try {
                slices.add(new SliceRun(words[0], Long.parseLong(words[1].substring("start_ms=".length())),
                        Integer.parseInt(words[2].substring("sessions=".length())), HttperfOutputParser.parse(output),
                        RateSamples.parse(output)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("slice " + words[0] + ": " + e.getMessage(), e);
            }
        }
        if (slices.isEmpty()) {
            throw new IllegalArgumentException("no '" + HEADER + "' section: not the output of a steady step");
        }
        return slices;
    }

    /** Sessions this process completed in bins whose middle lies in [from, to). */
    public long completedBetween(long from, long to) {
        return between(from, to, RateSamples::completedSessions, result.sessionsCompleted());
    }

    /** Replies this process received in bins whose middle lies in [from, to). */
    public long repliesBetween(long from, long to) {
        return between(from, to, RateSamples::replies, result.replies());
    }

    /**
     * A bin counts whole where its middle falls: the slices start on the step's 5-second grid, so
     * their bins line up with the interval's ends up to the few milliseconds a launch takes. What
     * came after the last sample (the process ended by itself between two) is the report's total
     * less the samples' sum, placed between the last sample and the end of the test.
     */
    private long between(long from, long to, Function<RateSamples,List<Integer>> series, long total) {
        List<Integer> bins = series.apply(samples);
        long counted = 0;
        long sampled = 0;
        for (int k = 0; k < bins.size(); k++) {
            sampled += bins.get(k);
            long middle = startMillis + k * RateSamples.BIN_MILLIS + RateSamples.BIN_MILLIS / 2;
            if (middle >= from && middle < to) {
                counted += bins.get(k);
            }
        }
        long lastBinEnd = startMillis + bins.size() * RateSamples.BIN_MILLIS;
        long end = startMillis + Math.round(result.durationSeconds() * 1000);
        long rest = total - sampled;
        if (rest > 0 && end > lastBinEnd) {
            long middle = (lastBinEnd + end) / 2;
            if (middle >= from && middle < to) {
                counted += rest;
            }
        }
        return counted;
    }
}
