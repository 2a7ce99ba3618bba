package org.hybridconnector.bench.headline;

import static org.hybridconnector.bench.headline.Bootstrap.Interval.number;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

import org.hybridconnector.bench.headline.PairedRatios.Pairs;
import org.hybridconnector.bench.headline.PairedRatios.Ratio;
import org.hybridconnector.bench.headline.PairedRatios.Side;

/**
 * The headline targets, judged for every candidate at one, two and three times the saturation load
 * (a tested load within 1 % of it; loads in between are reported, not judged), of one study or of
 * several pooled, each at multiples of its own:
 * <ul>
 * <li>completed sessions/s over the best stock connector's, per block: median ≥ {@value #AT_SATURATION}x
 * at 1x; ≥ {@value #OVER_STOCK_2X}x at 2x and ≥ {@value #OVER_STOCK_3X}x at 3x with the interval's lower
 * end above 1, so that the gain is more than noise;</li>
 * <li>no collapse: at 2x and 3x at least {@value #NO_COLLAPSE} of its own completed sessions/s at 1x;</li>
 * <li>at 2x and 3x: ≥ {@value #OVER_YARDSTICK}x {@code nio-admission}'s completed sessions/s; no session
 * abandoned after a reply in any block; the quick pages' 99th percentile ≥ {@value #P99_FACTOR}x lower
 * than the best stock connector's.</li>
 * </ul>
 */
final class Targets {

    static final double LOAD_TOLERANCE = 0.01;
    static final double AT_SATURATION = 0.95;
    static final double OVER_STOCK_2X = 1.15;
    static final double OVER_STOCK_3X = 1.3;
    static final double NO_COLLAPSE = 0.9;
    static final double OVER_YARDSTICK = 1.2;
    static final double P99_FACTOR = 10;

    enum Status { MET, MISSED, NOT_MEASURED, NO_TARGET }

    /** One target at one load: the figure as shown, the verdict, and for a miss by how much. */
    record Cell(Status status, String figure, String shortfall) {

        static final Cell NO_TARGET = new Cell(Status.NO_TARGET, "", "");

        static Cell notMeasured(String why) {
            return new Cell(Status.NOT_MEASURED, why, "");
        }

        String render() {
            return switch (status) {
                case NO_TARGET -> "";
                case NOT_MEASURED -> figure.isEmpty() ? "–" : "– (" + figure + ")";
                case MET -> figure + ": met";
                case MISSED -> figure + ": **MISSED**, " + shortfall;
            };
        }
    }

    /** One candidate's verdicts on one target, at 1x, 2x and 3x saturation. */
    record Row(String candidate, String target, List<Cell> cells) {
    }

    private final List<Study> studies;
    private final Bootstrap bootstrap;

    /** The targets of one study. */
    Targets(Campaign campaign, double saturation) {
        this(List.of(new Study("", campaign, saturation)));
    }

    /**
     * The targets over several studies at once, each at multiples of its own R: a block's ratios stand
     * alone, so each figure pools the per-block ratios of every study that ran the multiple.
     */
    Targets(List<Study> studies) {
        if (studies.isEmpty()) {
            throw new IllegalArgumentException("no study");
        }
        this.studies = List.copyOf(studies);
        this.bootstrap = studies.get(0).campaign().bootstrap();
    }

    /** Appends the targets section: the loads judged, a row per candidate and target, and each candidate's tally. */
    void append(StringBuilder md) {
        md.append("## Targets\n\n");
        if (studies.size() == 1) {
            md.append(String.format(Locale.ROOT, "Judged at the tested loads within 1 %% of 1x, 2x and 3x the "
                    + "saturation load R = %.1f new sessions/s (given on the command line); loads in between are in "
                    + "the tables above, not judged. Ratios are medians over blocks of per-block ratios, with their "
                    + "95 %% CI; \"best stock\" is picked per load (see Method). ", studies.get(0).saturation()));
        } else {
            md.append("Judged at the tested loads within 1 % of 1x, 2x and 3x each study's own saturation load R "
                    + "(the studies above). Ratios are taken within each block, then pooled: the median over the "
                    + "blocks of every study run at that multiple, with its 95 % CI; \"best stock\" is each study's "
                    + "own, picked per load (see Method). ");
        }
        md.append("Each cell: met, **MISSED** (by how much), or – not measured; an empty cell has no target at that "
                + "load.\n\n| candidate | target |");
        for (int multiple = 1; multiple <= 3; multiple++) {
            md.append(String.format(Locale.ROOT, " %dx (%s) |", multiple, loadsAt(multiple)));
        }
        md.append("\n|---|---|---|---|---|\n");
        List<Row> rows = rows();
        for (Row row : rows) {
            md.append("| ").append(row.candidate()).append(" | ").append(row.target()).append(" |");
            row.cells().forEach(c -> md.append(' ').append(c.render()).append(" |"));
            md.append('\n');
        }
        md.append('\n');
        for (String candidate : candidates()) {
            List<Cell> cells = rows.stream().filter(r -> r.candidate().equals(candidate))
                    .flatMap(r -> r.cells().stream()).toList();
            md.append(String.format(Locale.ROOT, "- %s: %d met, %d missed, %d not measured.%n", candidate,
                    count(cells, Status.MET), count(cells, Status.MISSED), count(cells, Status.NOT_MEASURED)));
        }
        md.append('\n');
    }

    /** The load judged at a multiple, "30.0/s"; over several studies, how many ran it. */
    private String loadsAt(int multiple) {
        if (studies.size() == 1) {
            double load = studies.get(0).loadAt(multiple);
            return Double.isNaN(load) ? "not run" : String.format(Locale.ROOT, "%.1f/s", load);
        }
        long run = studies.stream().filter(s -> !Double.isNaN(s.loadAt(multiple))).count();
        return run == 0 ? "not run" : run + (run == 1 ? " study" : " studies");
    }

    private static long count(List<Cell> cells, Status status) {
        return cells.stream().filter(c -> c.status() == status).count();
    }

    /** Every study's candidates, in first-seen order. */
    List<String> candidates() {
        return studies.stream().flatMap(s -> s.campaign().candidates().stream()).distinct().toList();
    }

    List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        for (String candidate : candidates()) {
            rows.add(new Row(candidate, String.format(Locale.ROOT, "completed/s over the best stock's: ≥ %.2fx at 1x, "
                    + "≥ %.2fx at 2x, ≥ %.1fx at 3x, at 2x and 3x with the CI's lower end > 1", AT_SATURATION,
                    OVER_STOCK_2X, OVER_STOCK_3X), List.of(overStock(candidate, 1, AT_SATURATION),
                            overStock(candidate, 2, OVER_STOCK_2X), overStock(candidate, 3, OVER_STOCK_3X))));
            rows.add(new Row(candidate, String.format(Locale.ROOT, "no collapse: completed/s ≥ %.1f of its own at 1x",
                    NO_COLLAPSE), List.of(Cell.NO_TARGET, noCollapse(candidate, 2), noCollapse(candidate, 3))));
            rows.add(new Row(candidate, String.format(Locale.ROOT, "completed/s ≥ %.1fx nio-admission's",
                    OVER_YARDSTICK), List.of(Cell.NO_TARGET, overYardstick(candidate, 2), overYardstick(candidate, 3))));
            rows.add(new Row(candidate, "no session abandoned after a reply (server log, worst block)",
                    List.of(Cell.NO_TARGET, abandoned(candidate, 2), abandoned(candidate, 3))));
            rows.add(new Row(candidate, String.format(Locale.ROOT, "quick-page p99 mid-visit ≥ %.0fx lower than "
                    + "the best stock's (its p99 / this one's, per block)", P99_FACTOR),
                    List.of(Cell.NO_TARGET, quickPages(candidate, 2), quickPages(candidate, 3))));
        }
        return rows;
    }

    private Cell overStock(String candidate, int multiple, double target) {
        return againstBest(candidate, multiple, VariantClass.STOCK, SteadyRow::completedPerSecond, false)
                .judged(target, multiple > 1, "no stock connector");
    }

    private Cell overYardstick(String candidate, int multiple) {
        return againstBest(candidate, multiple, VariantClass.YARDSTICK, SteadyRow::completedPerSecond, false)
                .judged(OVER_YARDSTICK, false, "no nio-admission");
    }

    /** The best stock connector's p99 over the candidate's: how many times lower the candidate's is. */
    private Cell quickPages(String candidate, int multiple) {
        return againstBest(candidate, multiple, VariantClass.STOCK, SteadyRow::quickP99Millis, true)
                .judged(P99_FACTOR, false, "no stock connector");
    }

    /**
     * The per-block ratios of a candidate's figure to that of its study's best variant of a kind at the
     * multiple (or the other way round, {@code inverted}), pooled over the studies that ran the multiple.
     */
    private Pooled againstBest(String candidate, int multiple, VariantClass kind, ToDoubleFunction<SteadyRow> figure,
            boolean inverted) {
        Pairs pairs = Pairs.NONE;
        List<String> references = new ArrayList<>();
        boolean run = false;
        for (Study study : studies) {
            double load = study.loadAt(multiple);
            if (Double.isNaN(load)) {
                continue;
            }
            run = true;
            Optional<String> best = study.campaign().best(kind, load);
            if (best.isPresent()) {
                references.add(best.get());
                Side ours = new Side(candidate, load);
                Side theirs = new Side(best.get(), load);
                pairs = pairs.plus(PairedRatios.pairs(study.campaign().included(), inverted ? theirs : ours,
                        inverted ? ours : theirs, figure));
            }
        }
        return new Pooled(run, pairs.median(bootstrap), references);
    }

    /** A pooled ratio: whether any study ran the multiple, the ratio, and each study's reference variant. */
    private record Pooled(boolean run, Ratio ratio, List<String> references) {

        Cell judged(double target, boolean lowerEndAboveOne, String noReference) {
            if (!run) {
                return Cell.notMeasured("");
            }
            if (references.isEmpty()) {
                return Cell.notMeasured(noReference);
            }
            return judge(ratio, " vs " + named(references), target, lowerEndAboveOne);
        }

        /** "nio2"; where the studies' best differ, "each study's best: nio:50@300 (2), nio2 (1)". */
        private static String named(List<String> references) {
            Map<String,Long> counts = references.stream().collect(Collectors.groupingBy(Function.identity(),
                    LinkedHashMap::new, Collectors.counting()));
            if (counts.size() == 1) {
                return references.get(0);
            }
            return "each study's best: " + counts.entrySet().stream().map(e -> e.getKey() + " (" + e.getValue() + ")")
                    .collect(Collectors.joining(", "));
        }
    }

    /**
     * Paired within blocks where some block ran the candidate at both loads; otherwise (blocks hold one
     * load each) the ratio of the two medians, which has no interval; over several studies, the median
     * of the studies' ratios of medians.
     */
    private Cell noCollapse(String candidate, int multiple) {
        Pairs paired = Pairs.NONE;
        List<Double> ofMedians = new ArrayList<>();
        boolean run = false;
        boolean baseRun = false;
        for (Study study : studies) {
            double load = study.loadAt(multiple);
            double base = study.loadAt(1);
            run |= !Double.isNaN(load);
            if (Double.isNaN(load) || Double.isNaN(base)) {
                continue;
            }
            baseRun = true;
            Campaign campaign = study.campaign();
            Pairs pairs = PairedRatios.pairs(campaign.included(), new Side(candidate, load), new Side(candidate, base),
                    SteadyRow::completedPerSecond);
            paired = paired.plus(pairs);
            double ratio = campaign.medianCompleted(candidate, load) / campaign.medianCompleted(candidate, base);
            if (pairs.ratios().length == 0 && !Double.isNaN(ratio)) {
                ofMedians.add(ratio);
            }
        }
        if (!run || !baseRun) {
            return Cell.notMeasured(run ? "1x not run" : "");
        }
        if (paired.ratios().length > 0) {
            Ratio ratio = paired.median(bootstrap);
            return judge(ratio, ", paired in " + ratio.pairs() + " blocks", NO_COLLAPSE, false);
        }
        if (ofMedians.isEmpty()) {
            return Cell.notMeasured("");
        }
        double ratio = Bootstrap.medianOf(ofMedians.stream().mapToDouble(Double::doubleValue).toArray());
        String figure = number("%.2f", ratio) + "x, of medians" + (ofMedians.size() > 1
                ? " (the median of " + ofMedians.size() + " studies'; no block ran both loads; no CI)"
                : " (no block ran both loads; no CI)");
        return ratio >= NO_COLLAPSE ? new Cell(Status.MET, figure, "")
                : new Cell(Status.MISSED, figure, shortOf(ratio, NO_COLLAPSE));
    }

    private Cell abandoned(String candidate, int multiple) {
        int blocks = 0;
        List<Double> read = new ArrayList<>();
        for (Study study : studies) {
            double load = study.loadAt(multiple);
            if (!Double.isNaN(load)) {
                blocks += study.campaign().values(candidate, load, SteadyRow::completedPerSecond).length;
                Arrays.stream(study.campaign().values(candidate, load, SteadyRow::serverAbandonedPerSecond))
                        .forEach(read::add);
            }
        }
        if (blocks == 0) {
            return Cell.notMeasured("");
        }
        if (read.isEmpty()) {
            return Cell.notMeasured("server log not read");
        }
        double worst = read.stream().mapToDouble(Double::doubleValue).max().getAsDouble();
        String figure = String.format(Locale.ROOT, "max %.2f/s over %s blocks", worst,
                read.size() == blocks ? Integer.toString(blocks) : read.size() + " of " + blocks);
        return worst == 0 ? new Cell(Status.MET, figure, "")
                : new Cell(Status.MISSED, figure, String.format(Locale.ROOT, "%.2f/s above 0", worst));
    }

    /** Met if the median reaches {@code target} and, where asked, the interval's lower end is above 1. */
    private static Cell judge(Ratio ratio, String detail, double target, boolean lowerEndAboveOne) {
        if (ratio.pairs() == 0) {
            return Cell.notMeasured("no block with both figures");
        }
        Bootstrap.Interval interval = ratio.interval();
        String figure = interval.ratio() + detail;
        List<String> shortfalls = new ArrayList<>();
        if (interval.median() < target) {
            shortfalls.add(shortOf(interval.median(), target));
        }
        if (lowerEndAboveOne && !(interval.low() > 1)) {
            shortfalls.add("CI's lower end " + number("%.2f", interval.low()) + " not above 1");
        }
        return shortfalls.isEmpty() ? new Cell(Status.MET, figure, "")
                : new Cell(Status.MISSED, figure, String.join("; ", shortfalls));
    }

    /** "1.08x, 0.07 short of 1.15x"; a gap too small for two decimals gets three. */
    static String shortOf(double value, double target) {
        double gap = target - value;
        return number("%.2f", value) + "x, " + String.format(Locale.ROOT, gap < 0.005 ? "%.3f" : "%.2f", gap)
                + " short of " + BigDecimal.valueOf(target).stripTrailingZeros().toPlainString() + "x";
    }
}
