package org.hybridconnector.bench.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

import org.hybridconnector.bench.headline.Bootstrap;
import org.hybridconnector.bench.report.StepRecord;

/**
 * The cluster benchmark's pairs (bench/cluster bench): in every block each configuration ran once,
 * back to back, at the pair's load, so a ratio taken within a block is free of the machine's drift
 * between blocks. The summary gives each configuration's median completed and abandoned sessions
 * per second, and each pair's median ratio of completed sessions with its bootstrap 95 % interval.
 * <p>
 * A configuration is the step record's variant ({@code one}, {@code two}, {@code two-plain}...);
 * a block is its repeat number.
 */
public final class ClusterComparison {

    /** Two configurations compared at one load: {@code candidate} over {@code reference}. */
    public record Pair(String candidate, String reference, double load) {
    }

    private final List<StepRecord> steps;
    private final Bootstrap bootstrap;

    public ClusterComparison(List<StepRecord> steps, Bootstrap bootstrap) {
        this.steps = List.copyOf(steps);
        this.bootstrap = bootstrap;
    }

    /** The within-block ratios of completed sessions/s, block by block (blocks lacking a side are skipped). */
    public List<Double> completedRatios(Pair pair) {
        Map<Integer,StepRecord> candidates = byBlock(pair.candidate(), pair.load());
        Map<Integer,StepRecord> references = byBlock(pair.reference(), pair.load());
        List<Double> ratios = new ArrayList<>();
        for (Map.Entry<Integer,StepRecord> candidate : candidates.entrySet()) {
            StepRecord reference = references.get(candidate.getKey());
            if (reference != null) {
                ratios.add(candidate.getValue().completedPerSecond() / reference.completedPerSecond());
            }
        }
        return ratios;
    }

    public Bootstrap.Interval completedRatio(Pair pair) {
        return bootstrap.median(completedRatios(pair).stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** The summary in Markdown: one row per configuration and load, then one per pair. */
    public String summary(List<Pair> pairs) {
        StringBuilder out = new StringBuilder();
        out.append("| configuration | new sessions/s | blocks | completed/s | abandoned after a reply/s | failed/s |"
                + " unfinished |\n|---|---|---|---|---|---|---|\n");
        Map<String,List<StepRecord>> runs = new TreeMap<>();
        for (StepRecord step : steps) {
            runs.computeIfAbsent(step.variant() + "\t" + step.offeredRate(), k -> new ArrayList<>()).add(step);
        }
        for (List<StepRecord> group : runs.values()) {
            StepRecord first = group.get(0);
            out.append(String.format(Locale.ROOT, "| %s | %.0f | %d | %s | %s | %s | %s |%n", first.variant(),
                    first.offeredRate(), group.size(), median(group, StepRecord::completedPerSecond, "%.2f"),
                    median(group, s -> s.abandoned() / s.windowSeconds(), "%.2f"),
                    median(group, StepRecord::failedPerSecond, "%.2f"),
                    median(group, s -> s.unfinished(), "%.0f")));
        }
        out.append("\n| pair | new sessions/s | blocks | completed sessions/s, ratio | per block |\n|---|---|---|---|---|\n");
        for (Pair pair : pairs) {
            List<Double> ratios = completedRatios(pair);
            out.append(String.format(Locale.ROOT, "| %s / %s | %.0f | %d | %s | %s |%n", pair.candidate(),
                    pair.reference(), pair.load(), ratios.size(), completedRatio(pair).ratio(),
                    ratios.stream().map(r -> String.format(Locale.ROOT, "%.2f", r)).toList()));
        }
        return out.toString();
    }

    private String median(List<StepRecord> group, ToDoubleFunction<StepRecord> figure, String pattern) {
        return String.format(Locale.ROOT, pattern, Bootstrap.medianOf(group.stream().mapToDouble(figure).toArray()));
    }

    private Map<Integer,StepRecord> byBlock(String variant, double load) {
        Map<Integer,StepRecord> found = new TreeMap<>();
        for (StepRecord step : steps) {
            if (step.variant().equals(variant) && step.offeredRate() == load) {
                found.put(Integer.valueOf(step.repeat()), step);
            }
        }
        return found;
    }
}
