package org.hybridconnector.bench.steady;

import java.util.ArrayList;
import java.util.List;

/**
 * When each httperf process of a steady step starts, at what rate, with how many sessions. The step
 * has four segments: an up-ramp at half the load, a warm-up, the measured interval and a tail at the
 * load. Each segment is cut into slices of at most {@value #MAX_SLICE_SECONDS} s and
 * {@value #MAX_SLICE_SESSIONS} sessions: one httperf process can keep that many sessions
 * open within its 1,024 descriptors however long they last, and httperf reads at most 1,000 sessions
 * from a file, so no session is offered twice. A rate that would put more than that into a
 * {@value #GRID_SECONDS} s slice (the static workload's hundreds of sessions a second) is split into
 * lanes: processes side by side, each offering its share of the rate, whose Poisson arrivals add up
 * to the segment's. Every boundary lies on httperf's 5-second sample grid.
 */
public final class SteadyPlan {

    static final int MAX_SLICE_SECONDS = 60;
    static final int MAX_SLICE_SESSIONS = 800;
    static final int GRID_SECONDS = (int) (RateSamples.BIN_MILLIS / 1000);

    /** A segment of the step: its marker tag (r, w, m, t), the seed offset of its session files and its rate. */
    public record Segment(String tag, int seedOffset, double rate, int fromSeconds, int toSeconds) {

        /** Processes side by side: as many as keep a {@value SteadyPlan#GRID_SECONDS} s slice within one's sessions. */
        public int lanes() {
            return Math.max(1, (int) Math.ceil(rate * GRID_SECONDS / MAX_SLICE_SESSIONS));
        }

        /** The new sessions per second each lane offers. */
        public double laneRate() {
            return rate / lanes();
        }

        /** The longest slice at a lane's rate; the segment's last slice may be shorter. */
        public int sliceSeconds() {
            int seconds = GRID_SECONDS * (int) Math.floor(MAX_SLICE_SESSIONS / (GRID_SECONDS * laneRate()));
            return Math.max(GRID_SECONDS, Math.min(MAX_SLICE_SECONDS, seconds));
        }

        /** Sessions a full slice offers: what each of the segment's session files holds (0: no slice). */
        public int sessionsPerFile() {
            return slices().stream().mapToInt(Slice::sessions).max().orElse(0);
        }

        /** In order of their start, the lanes of one start side by side. */
        public List<Slice> slices() {
            List<Slice> slices = new ArrayList<>();
            int length = sliceSeconds();
            for (int at = fromSeconds; at < toSeconds; at += length) {
                int sessions = (int) Math.round(laneRate() * Math.min(length, toSeconds - at));
                for (int lane = 0; sessions > 0 && lane < lanes(); lane++) {
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
