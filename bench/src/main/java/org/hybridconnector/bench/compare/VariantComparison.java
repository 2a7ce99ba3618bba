package org.hybridconnector.bench.compare;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

import org.hybridconnector.bench.headline.Bootstrap;

/**
 * Connectors of one Tomcat side by side under the same load, round by round: in each round every
 * variant ran once, back to back, so a ratio to the reference variant taken within the round is
 * free of the machine's drift between rounds. The summary gives per variant the median of the
 * rounds' ratios of requests/s and of the 99th percentile latency, with bootstrap 95 % intervals.
 */
public final class VariantComparison {

    /** One variant's run in one round. */
    public record Run(int round, String variant, double requestsPerSecond, double p99Millis) {
    }

    /** A variant against the reference: medians of its runs and the rounds' ratios. */
    public record Result(String variant, double medianRate, double medianP99, Bootstrap.Interval rateRatio,
            Bootstrap.Interval p99Ratio) {
    }

    private final List<Run> runs;
    private final String reference;
    private final Bootstrap bootstrap;

    public VariantComparison(List<Run> runs, String reference, Bootstrap bootstrap) {
        this.runs = List.copyOf(runs);
        this.reference = reference;
        this.bootstrap = bootstrap;
    }

    /** Reads {@code round,variant,requests_per_s,p99_ms} with its header. */
    public static List<Run> read(Path csv) throws IOException {
        return CsvTable.read(csv, 4,
                c -> new Run(Integer.parseInt(c[0]), c[1], Double.parseDouble(c[2]), Double.parseDouble(c[3])));
    }

    /** Every variant's result, the reference first, then in the order the variants first appear. */
    public List<Result> results() {
        Set<String> variants = new LinkedHashSet<>();
        variants.add(reference);
        runs.forEach(run -> variants.add(run.variant()));
        Map<Integer,Map<String,Run>> rounds = new TreeMap<>();
        runs.forEach(run -> rounds.computeIfAbsent(run.round(), r -> new TreeMap<>()).put(run.variant(), run));
        List<Result> results = new ArrayList<>();
        for (String variant : variants) {
            List<Run[]> pairs = new ArrayList<>();
            for (Map<String,Run> round : rounds.values()) {
                if (round.containsKey(reference) && round.containsKey(variant)) {
                    pairs.add(new Run[] { round.get(reference), round.get(variant) });
                }
            }
            results.add(new Result(variant, median(variant, Run::requestsPerSecond), median(variant, Run::p99Millis),
                    bootstrap.median(ratios(pairs, Run::requestsPerSecond)), bootstrap.median(ratios(pairs, Run::p99Millis))));
        }
        return results;
    }

    private double median(String variant, ToDoubleFunction<Run> figure) {
        return Bootstrap.medianOf(runs.stream().filter(r -> r.variant().equals(variant)).mapToDouble(figure).toArray());
    }

    private static double[] ratios(List<Run[]> pairs, ToDoubleFunction<Run> figure) {
        return pairs.stream().mapToDouble(p -> figure.applyAsDouble(p[1]) / figure.applyAsDouble(p[0])).toArray();
    }

    /** The Markdown summary: the command, then one row per variant. */
    public String summary(String command) {
        StringBuilder md = new StringBuilder("# Connectors side by side\n\n```\n").append(command.strip())
                .append("\n```\n\n");
        md.append("Each round ran every variant once, back to back; a ratio is taken to `").append(reference)
                .append("` within each round, and the table gives the median of the rounds' ratios with its bootstrap ")
                .append("95 % interval (").append(bootstrap.resamples()).append(" resamples). Medians are over every run.\n\n");
        md.append("| variant | requests/s, median | p99 ms, median | requests/s ratio | p99 ratio | rounds |\n")
                .append("|---|---|---|---|---|---|\n");
        for (Result r : results()) {
            md.append("| ").append(r.variant()).append(" | ").append(Bootstrap.Interval.number("%.0f", r.medianRate()))
                    .append(" | ").append(Bootstrap.Interval.number("%.2f", r.medianP99())).append(" | ")
                    .append(r.rateRatio().format("%.2f")).append(" | ").append(r.p99Ratio().format("%.2f"))
                    .append(" | ").append(r.rateRatio().n()).append(" |\n");
        }
        return md.toString();
    }
}
