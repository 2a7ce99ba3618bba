package org.hybridconnector.bench.steady;

import java.util.ArrayList;
import java.util.List;

/**
 * When each httperf process of a steady step starts, at what rate, with how many sessions. The step
 * has four segments: an up-ramp at half the load, a warm-up, the measured interval and a tail at the
 * load. Each segment is cut into slices of at most {@value #MAX_SLICE_SECONDS} s and, where the rate
 * allows, {@value #MAX_SLICE_SESSIONS} sessions: one httperf process can keep that many sessions
 * open within its 1,024 descriptors however long they last, and httperf reads at most 1,000 sessions
 * from a file, so no session is offered twice. Every boundary lies on httperf's 5-second sample grid.
 */
public final class SteadyPlan {

    static final int MAX_SLICE_SECONDS = 60;
    static final int MAX_SLICE_SESSIONS = 800;
    static final int GRID_SECONDS = (int) (RateSamples.BIN_MILLIS / 1000);
    /** httperf 0.9.0 reads at most this many sessions from one file and would offer them again. */
    static final int HTTPERF_MAX_SESSIONS = 1000;

    /** A segment of the step: its marker tag (r, w, m, t), the seed offset of its session files and its rate. */
    public record Segment(String tag, int seedOffset, double rate, int fromSeconds, int toSeconds) {

        /** The longest slice at this rate; the segment's last slice may be shorter. */
        public int sliceSeconds() {
            int seconds = GRID_SECONDS * (int) Math.floor(MAX_SLICE_SESSIONS / (GRID_SECONDS * rate));
            return Math.max(GRID_SECONDS, Math.min(MAX_SLICE_SECONDS, seconds));
        }

        /** Sessions a full slice offers: what each of the segment's session files holds (0: no slice). */
        public int sessionsPerFile() {
            return slices().stream().mapToInt(Slice::sessions).max().orElse(0);
        }

        public List<Slice> slices() {
            List<Slice> slices = new ArrayList<>();
            int length = sliceSeconds();
            for (int at = fromSeconds; at < toSeconds; at += length) {
                int seconds = Math.min(length, toSeconds - at);
                int sessions = (int) Math.round(rate * seconds);
                if (sessions > 0) {
                    slices.add(new Slice(this, slices.size() + 1, at, sessions));
                }
            }
            return slices;
        }
    }

    /** The {@code index}th slice of its segment (from 1): it starts {@code offsetSeconds} into the step. */
    public record Slice(Segment segment, int index, int offsetSeconds, int sessions) {
    }

    private final List<Segment> segments = new ArrayList<>();

    /** All durations in seconds, each a multiple of {@value #GRID_SECONDS}; the interval must be positive. */
    public SteadyPlan(double load, int rampUp, int warmUp, int interval, int tail) {
        if (!(load > 0)) {
            throw new IllegalArgumentException("the load must be a positive rate of new sessions: " + load);
        }
        int[] durations = { rampUp, warmUp, interval, tail };
        String[] names = { "ramp-up", "warm-up", "interval", "tail" };
        for (int i = 0; i < durations.length; i++) {
            if (durations[i] < 0 || durations[i] % GRID_SECONDS != 0) {
                throw new IllegalArgumentException("the " + names[i] + " must be whole seconds, a multiple of "
                        + GRID_SECONDS + ": " + durations[i]);
            }
        }
        if (interval == 0) {
            throw new IllegalArgumentException("the interval must be positive");
        }
        if (load * GRID_SECONDS > HTTPERF_MAX_SESSIONS) {
            throw new IllegalArgumentException("at " + load + " new sessions/s even a " + GRID_SECONDS + " s slice "
                    + "holds more than the " + HTTPERF_MAX_SESSIONS + " sessions one httperf process reads from its file");
        }
        add("r", 2000, load / 2, 0, rampUp);
        add("w", 3000, load, rampUp, rampUp + warmUp);
        add("m", 0, load, rampUp + warmUp, rampUp + warmUp + interval);
        add("t", 4000, load, rampUp + warmUp + interval, rampUp + warmUp + interval + tail);
    }

    private void add(String tag, int seedOffset, double rate, int from, int to) {
        if (from < to) {
            segments.add(new Segment(tag, seedOffset, rate, from, to));
        }
    }

    public List<Segment> segments() {
        return List.copyOf(segments);
    }

    public List<Slice> slices() {
        return segments.stream().flatMap(s -> s.slices().stream()).toList();
    }
}
