package org.hybridconnector.bench.report;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

import org.hybridconnector.bench.headline.VariantClass;
import org.hybridconnector.bench.run.Variant;

/**
 * The overload policies' targets, checked against a run's medians at two and three times the
 * saturation load, for every variant of the hybrid with a policy ({@code hybrid-…}):
 * <ul>
 * <li>completed sessions/s at least {@value #OVER_STOCK}x the best stock Tomcat connector's
 * ({@code nio}, {@code nio2}, {@code nio-vt}, at any thread count);</li>
 * <li>at least {@value #OVER_YARDSTICK}x {@code nio-admission}'s, stock NIO with the paper's plain rule;</li>
 * <li>no session abandoned after being served;</li>
 * <li>replies/s within 5 % of the best variant's: by httperf's replies over the whole step and, where the run
 * read them, by the requests Tomcat served while sessions were offered (the grace left out, see
 * {@link WindowCounters});</li>
 * <li>the quick pages' 99th percentile at least {@value #P99_FACTOR}x lower than stock {@code nio}'s.</li>
 * </ul>
 * A comparison whose other side was not measured shows "–" and counts as neither met nor missed.
 */
final class PolicyTargets {

    static final double OVER_STOCK = 1.3;
    static final double OVER_YARDSTICK = 1.1;
    static final double REPLIES_WITHIN = 0.95;
    static final double P99_FACTOR = 10;

    private final Summary summary;

    PolicyTargets(Summary summary) {
        this.summary = summary;
    }

    /** Appends the targets section, if the run has policy variants and loads at 2x or 3x saturation. */
    void append(StringBuilder md, double saturation) {
        List<String> policies = summary.variants().stream().filter(Variant::withPolicies).toList();
        if (policies.isEmpty() || Double.isNaN(saturation)) {
            return;
        }
        double[] multiples = { 2, 3 };
        StringBuilder rows = new StringBuilder();
        for (double multiple : multiples) {
            double load = summary.loadAt(saturation, multiple);
            if (Double.isNaN(load)) {
                continue;
            }
            for (String policy : policies.stream().filter(p -> summary.measured(p, load)).toList()) {
                rows.append(row(policy, load, multiple));
            }
        }
        if (rows.isEmpty()) {
            return;
        }
        md.append("## Overload policy targets\n\n");
        md.append(String.format(Locale.ROOT, "Medians at two and three times saturation. Targets: completed sessions/s "
                + "≥ %.1fx the best stock connector's (nio, nio2, nio-vt at any thread count) and ≥ %.1fx nio-admission's; "
                + "no session abandoned after being served; replies/s within 5 %% of the best variant's (httperf's over "
                + "the whole step, and the requests Tomcat served while sessions were offered); quick-page "
                + "99th percentile ≥ %.0fx lower than stock nio's. ✓ met, ✗ missed, – not measured.%n%n", OVER_STOCK,
                OVER_YARDSTICK, P99_FACTOR));
        md.append("| variant | offered sess/s | completed sess/s | / best stock | / nio-admission | abandoned/s "
                + "(worst run) | replies / best | served in window / best | quick p99: nio's / this |\n");
        md.append("|---|---|---|---|---|---|---|---|---|\n");
        md.append(rows).append('\n');
    }

    private String row(String policy, double load, double multiple) {
        double completed = median(policy, load, StepRecord::completedPerSecond);
        Optional<String> bestStock = best(load, v -> VariantClass.of(v) == VariantClass.STOCK,
                StepRecord::completedPerSecond);
        Optional<String> yardstick = best(load, v -> VariantClass.of(v) == VariantClass.YARDSTICK,
                StepRecord::completedPerSecond);
        Summary.Spread abandoned = summary.spread(policy, load, r -> r.abandoned() / r.windowSeconds());
        double replyRatio = shareOfBest(policy, load, StepRecord::replyRate);
        double servedRatio = shareOfBest(policy, load, StepRecord::servedRateInWindow);
        double nioP99 = summary.variants().contains("nio") ? median("nio", load, r -> r.quickPages().p99Millis())
                : Double.NaN;
        double p99Ratio = nioP99 / median(policy, load, r -> r.quickPages().p99Millis());
        return String.format(Locale.ROOT, "| %s | %.1f (%.0fx) | %.2f | %s | %s | %s | %s | %s | %s |%n", policy, load,
                multiple, completed,
                ratio(bestStock.map(v -> completed / median(v, load, StepRecord::completedPerSecond)), OVER_STOCK,
                        bestStock),
                ratio(yardstick.map(v -> completed / median(v, load, StepRecord::completedPerSecond)), OVER_YARDSTICK,
                        Optional.empty()),
                String.format(Locale.ROOT, "%.2f (%.2f) %s", abandoned.median(), abandoned.max(),
                        abandoned.median() == 0 ? "✓" : "✗"),
                mark(replyRatio, REPLIES_WITHIN), mark(servedRatio, REPLIES_WITHIN), mark(p99Ratio, P99_FACTOR));
    }

    /**
     * The policy's median of {@code figure} over the best variant's (itself included, so at most 1), or
     * {@code NaN} if no other variant has the figure.
     */
    private double shareOfBest(String policy, double load, ToDoubleFunction<StepRecord> figure) {
        double own = median(policy, load, figure);
        return best(load, v -> !v.equals(policy), figure)
                .map(v -> own / Math.max(own, median(v, load, figure))).orElse(Double.NaN);
    }

    private static String ratio(Optional<Double> value, double target, Optional<String> against) {
        return value.map(v -> mark(v, target) + against.map(a -> " (" + a + ")").orElse("")).orElse("–");
    }

    private static String mark(double value, double target) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "–";
        }
        return String.format(Locale.ROOT, "%.2f %s", value, value >= target ? "✓" : "✗");
    }

    private double median(String variant, double load, ToDoubleFunction<StepRecord> figure) {
        return summary.spread(variant, load, figure).median();
    }

    /** The variant with the highest median of {@code figure} among those {@code eligible} at this load. */
    private Optional<String> best(double load, Predicate<String> eligible,
            ToDoubleFunction<StepRecord> figure) {
        return summary.variants().stream().filter(eligible).filter(v -> !Double.isNaN(median(v, load, figure)))
                .max((a, b) -> Double.compare(median(a, load, figure), median(b, load, figure)));
    }
}
