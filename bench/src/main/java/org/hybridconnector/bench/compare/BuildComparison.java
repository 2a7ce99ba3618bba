package org.hybridconnector.bench.compare;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

import org.hybridconnector.bench.headline.Bootstrap;

/**
 * Two builds of the connector compared round by round ({@code bench/compare-builds}): in each round
 * both served the same page for the same time, one after the other, so the ratio B / A taken within
 * a round cancels the machine's drift between rounds. Rounds come in forks, each a fresh pair of
 * JVMs: how the JIT compiles a build's hot path differs from one JVM to the next by more than the
 * few per cent a refactoring is judged on, so a fork's rounds share its JIT's luck and are not
 * independent. Each fork gives one ratio, the median of its rounds'; the report gives, per page,
 * the median of the forks' ratios with its bootstrap 95 % interval, for requests/s and for the
 * server's CPU time per request, and judges each against a tolerance: B is within it when the
 * interval's unfavourable end is, outside it when the median is not, and otherwise the forks
 * cannot tell (as with fewer than {@link #MIN_FORKS} forks).
 */
public final class BuildComparison {

    /** Forks below which no verdict is given: an interval over fewer says nothing. */
    public static final int MIN_FORKS = 3;

    /** One build's run of one page in one round of one fork, as {@code rounds.csv} holds it. */
    public record Run(int fork, int round, String build, String page, double seconds, long requests, long cpuTicks,
            long ticksPerSecond) {

        double requestsPerSecond() {
            return requests / seconds;
        }

        double cpuMicrosPerRequest() {
            return requests == 0 ? Double.POSITIVE_INFINITY : cpuTicks * 1e6 / ticksPerSecond / requests;
        }
    }

    /** Per page, the rounds' B / A ratios and how they compare with the tolerance. */
    public record PageResult(String page, double medianRateA, double medianRateB, Bootstrap.Interval rateRatio,
            double medianCpuA, double medianCpuB, Bootstrap.Interval cpuRatio) {
    }

    private final List<Run> runs;
    private final Bootstrap bootstrap;

    public BuildComparison(List<Run> runs, Bootstrap bootstrap) {
        this.runs = List.copyOf(runs);
        this.bootstrap = bootstrap;
    }

    /** Reads {@code fork,round,build,page,seconds,requests,cpu_ticks,clock_ticks_per_s} with its header. */
    public static List<Run> read(Path csv) throws IOException {
        return CsvTable.read(csv, 8, c -> new Run(Integer.parseInt(c[0]), Integer.parseInt(c[1]), c[2], c[3],
                Double.parseDouble(c[4]), Long.parseLong(c[5]), Long.parseLong(c[6]), Long.parseLong(c[7])));
    }

    /** Each page's result, in the order the pages first appear. */
    public List<PageResult> results() {
        Map<String,Map<List<Integer>,Run>> a = byPageAndRound("A");
        Map<String,Map<List<Integer>,Run>> b = byPageAndRound("B");
        List<PageResult> results = new ArrayList<>();
        a.forEach((page, roundsA) -> {
            Map<List<Integer>,Run> roundsB = b.getOrDefault(page, Map.of());
            List<Run[]> pairs = roundsA.entrySet().stream().filter(e -> roundsB.containsKey(e.getKey()))
                    .map(e -> new Run[] { e.getValue(), roundsB.get(e.getKey()) }).toList();
            results.add(new PageResult(page, median(pairs, 0, Run::requestsPerSecond),
                    median(pairs, 1, Run::requestsPerSecond), ratio(pairs, Run::requestsPerSecond),
                    median(pairs, 0, Run::cpuMicrosPerRequest), median(pairs, 1, Run::cpuMicrosPerRequest),
                    ratio(pairs, Run::cpuMicrosPerRequest)));
        });
        return results;
    }

    /** Per page, each build's runs by (fork, round). */
    private Map<String,Map<List<Integer>,Run>> byPageAndRound(String build) {
        Map<String,Map<List<Integer>,Run>> byPage = new LinkedHashMap<>();
        for (Run run : runs) {
            if (run.build().equals(build) && byPage.computeIfAbsent(run.page(), p -> new LinkedHashMap<>())
                    .put(List.of(run.fork(), run.round()), run) != null) {
                throw new IllegalArgumentException("two runs of build " + build + " on " + run.page() + " in fork "
                        + run.fork() + ", round " + run.round());
            }
        }
        return byPage;
    }

    private static double median(List<Run[]> pairs, int side, ToDoubleFunction<Run> figure) {
        return Bootstrap.medianOf(pairs.stream().mapToDouble(p -> figure.applyAsDouble(p[side])).toArray());
    }

    /** The forks' ratios (each the median of its rounds' B / A), their median and interval. */
    private Bootstrap.Interval ratio(List<Run[]> pairs, ToDoubleFunction<Run> figure) {
        Map<Integer,List<Double>> byFork = new TreeMap<>();
        for (Run[] pair : pairs) {
            byFork.computeIfAbsent(pair[0].fork(), f -> new ArrayList<>())
                    .add(figure.applyAsDouble(pair[1]) / figure.applyAsDouble(pair[0]));
        }
        return bootstrap.median(byFork.values().stream()
                .mapToDouble(ratios -> Bootstrap.medianOf(ratios.stream().mapToDouble(Double::doubleValue).toArray()))
                .toArray());
    }

    /**
     * B against A within {@code tolerance} (0.03 for 3 %): for requests/s a ratio of at least
     * {@code 1 − tolerance}, for CPU per request at most {@code 1 + tolerance}.
     */
    public static String verdict(Bootstrap.Interval ratio, double tolerance, boolean higherIsBetter) {
        if (ratio.n() < MIN_FORKS) {
            return "cannot tell: " + ratio.n() + " fork(s), fewer than " + MIN_FORKS;
        }
        double worstEnd = higherIsBetter ? ratio.low() : ratio.high();
        double limit = higherIsBetter ? 1 - tolerance : 1 + tolerance;
        boolean within = higherIsBetter ? worstEnd >= limit : worstEnd <= limit;
        boolean medianWithin = higherIsBetter ? ratio.median() >= limit : ratio.median() <= limit;
        if (within) {
            return "within " + percent(tolerance);
        }
        return medianWithin ? "cannot tell at " + percent(tolerance) : "worse by more than " + percent(tolerance);
    }

    private static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.0f %%", fraction * 100);
    }

    /** The Markdown summary: the command, then one table row per page and figure. */
    public String summary(String command, double tolerance) {
        StringBuilder md = new StringBuilder("# Two builds side by side\n\n```\n").append(command.strip())
                .append("\n```\n\n");
        md.append("B / A: each fork's ratio is the median of its rounds' ratios; the table gives the median of the ")
                .append("forks' ratios with its bootstrap 95 % interval (").append(bootstrap.resamples())
                .append(" resamples). A and B are the medians of every run. Requests/s should not fall, CPU time per ")
                .append("request should not rise; the verdict is judged on the interval's unfavourable end.\n\n");
        md.append("| page | figure | A, median | B, median | B / A | forks | verdict |\n|---|---|---|---|---|---|---|\n");
        for (PageResult r : results()) {
            md.append(row(r.page(), "requests/s", "%.0f", r.medianRateA(), r.medianRateB(), r.rateRatio(),
                    verdict(r.rateRatio(), tolerance, true)));
            md.append(row(r.page(), "CPU µs per request", "%.1f", r.medianCpuA(), r.medianCpuB(), r.cpuRatio(),
                    verdict(r.cpuRatio(), tolerance, false)));
        }
        return md.toString();
    }

    private static String row(String page, String figure, String pattern, double a, double b,
            Bootstrap.Interval ratio, String verdict) {
        return "| " + page + " | " + figure + " | " + Bootstrap.Interval.number(pattern, a) + " | "
                + Bootstrap.Interval.number(pattern, b) + " | " + ratio.format("%.3f") + " | " + ratio.n() + " | "
                + verdict + " |\n";
    }
}
