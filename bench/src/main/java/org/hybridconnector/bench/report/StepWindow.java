package org.hybridconnector.bench.report;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Collectors;

import org.hybridconnector.bench.run.Variant;

/**
 * A stepped run's step as the server and the machine saw it, from three readings: at the step's
 * start (the machine's ticks at the window's start), at its window's end and after its load. The
 * window's figures leave the grace out (a server whose sessions crawl is still serving them there,
 * one that kept them short is not); what the lengthy-request policy has learned is read while the
 * load is still on, as its averages follow the last requests of each path.
 *
 * @param clockTicks the kernel's ticks per second ({@code getconf CLK_TCK}) in /proc's CPU times
 * @param windowSeconds the seconds during which the step offered new sessions
 */
public record StepWindow(Reading start, Reading windowEnd, Reading end, int clockTicks, double windowSeconds) {

    private static final String[] CACHE_COUNTERS = { "cache_hits", "cache_misses", "cache_stores", "cache_evictions" };

    /** The window's requests, machine CPU and database work; -1 or NaN for what was not read. */
    public WindowCounters counters() {
        OptionalLong busyEnd = windowEnd.number("machine_ticks");
        if (busyEnd.isEmpty()) {
            return WindowCounters.UNKNOWN;
        }
        return new WindowCounters(windowRequests(), cpuPercent(start.number("machine_ticks"), busyEnd, windowSeconds),
                delta("db_statements", start, windowEnd), delta("db_rows_read", start, windowEnd));
    }

    /** Tomcat's CPU over the step, in % of one core, up to the end of its load. */
    public double serverCpuPercent() {
        return cpuPercent(start.number("server_ticks"), end.number("server_ticks"), elapsedSeconds());
    }

    /** All CPUs' busy time over the step, in % of one core. */
    public double machineCpuPercent() {
        return cpuPercent(start.number("machine_ticks"), end.number("machine_ticks"), elapsedSeconds());
    }

    /**
     * Connections the server closed by its own decision, from the counters the variant has, or -1:
     * stock connectors and nio-admission count none (nio-admission's heldBackCount counts waits).
     */
    public long serverClosed(Variant variant) {
        if (variant.hybrid()) {
            return delta("idle_closed", start, end);
        }
        if (variant.name().equals("blocking")) {
            long idle = delta("idle_closed", start, end);
            long kept = delta("keep_alive_disabled", start, end);
            return idle < 0 || kept < 0 ? -1 : idle + kept;
        }
        return -1;
    }

    /** The window's requests the response cache answered (no worker taking part) and its other counts, as CSV. */
    public Optional<String> cacheCsv() {
        long requests = windowRequests();
        StringBuilder row = new StringBuilder().append(requests);
        for (String counter : CACHE_COUNTERS) {
            long delta = delta(counter, start, windowEnd);
            if (delta < 0) {
                return Optional.empty();
            }
            row.append(',').append(delta);
        }
        return requests > 0 ? Optional.of("window_requests," + String.join(",", CACHE_COUNTERS) + "\n" + row + "\n")
                : Optional.empty();
    }

    /**
     * The requests each servlet served in the window, busiest first, as CSV; none if either reading
     * lacks them. Two servers can serve as many requests and complete different numbers of sessions
     * (cheap first pages of sessions then abandoned, against whole sessions): this says which pages
     * the requests went to.
     */
    public Optional<String> servletsCsv() {
        Map<String,Long> before = start.servlets();
        Map<String,Long> after = windowEnd.servlets();
        if (before.isEmpty() || after.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(after.entrySet().stream().filter(e -> before.containsKey(e.getKey()))
                .map(e -> Map.entry(e.getKey(), e.getValue() - before.get(e.getKey())))
                .filter(e -> e.getValue() > 0)
                .sorted(Map.Entry.<String,Long>comparingByValue().reversed()
                        .thenComparing(Map.Entry.<String,Long>comparingByKey()))
                .map(e -> e.getKey() + "," + e.getValue())
                .collect(Collectors.joining("\n", "servlet,requests\n", "\n")));
    }

    /** The lengthy-request policy's paths and averages at the window's end ("" if it has none). */
    public String lengthyPaths() {
        return windowEnd.text("lengthy_paths");
    }

    private long windowRequests() {
        return delta("requests", start, windowEnd);
    }

    private long elapsedSeconds() {
        return Math.max(1, end.number("elapsed_s").orElse(1));
    }

    private static long delta(String name, Reading from, Reading to) {
        OptionalLong a = from.number(name);
        OptionalLong b = to.number(name);
        return a.isPresent() && b.isPresent() ? b.getAsLong() - a.getAsLong() : -1;
    }

    private double cpuPercent(OptionalLong from, OptionalLong to, double seconds) {
        return CpuTime.percentOfOneCore(from, to, clockTicks, seconds);
    }
}
