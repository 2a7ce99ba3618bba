package org.hybridconnector.bench.headline;

import static org.hybridconnector.bench.headline.Bootstrap.Interval.number;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.hybridconnector.bench.headline.PairedRatios.Ratio;
import org.hybridconnector.bench.headline.PairedRatios.Side;

/**
 * The headline targets, judged for every candidate at one, two and three times the saturation load
 * (a tested load within 1 % of it; loads in between are reported, not judged):
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

    private final Campaign campaign;
    private final double saturation;

    Targets(Campaign campaign, double saturation) {
        if (!(saturation > 0) || Double.isInfinite(saturation)) {
            throw new IllegalArgumentException("saturation must be a positive load: " + saturation);
        }
        this.campaign = campaign;
        this.saturation = saturation;
    }

    /** The tested load within 1 % of {@code multiple} times saturation (the nearest), or {@code NaN}. */
    double loadAt(int multiple) {
        double wanted = multiple * saturation;
        return campaign.loads().stream().filter(l -> Math.abs(l - wanted) <= LOAD_TOLERANCE * wanted)
                .min((a, b) -> Double.compare(Math.abs(a - wanted), Math.abs(b - wanted))).orElse(Double.NaN);
    }

    /** Appends the targets section: the loads judged, a row per candidate and target, and each candidate's tally. */
    void append(StringBuilder md) {
        md.append("## Targets\n\n");
        md.append(String.format(Locale.ROOT, "Judged at the tested loads within 1 %% of 1x, 2x and 3x the saturation "
                + "load R = %.1f new sessions/s (given on the command line); loads in between are in the tables above, "
                + "not judged. Ratios are medians over blocks of per-block ratios, with their 95 %% CI; \"best stock\" "
                + "is picked per load (see Method). Each cell: met, **MISSED** (by how much), or – not measured; "
                + "an empty cell has no target at that load.%n%n", saturation));
        md.append("| candidate | target |");
        for (int multiple = 1; multiple <= 3; multiple++) {
            double load = loadAt(multiple);
            md.append(String.format(Locale.ROOT, " %dx (%s) |", multiple,
                    Double.isNaN(load) ? "not run" : String.format(Locale.ROOT, "%.1f/s", load)));
        }
        md.append("\n|---|---|---|---|---|\n");
        List<Row> rows = rows();
        for (Row row : rows) {
            md.append("| ").append(row.candidate()).append(" | ").append(row.target()).append(" |");
            row.cells().forEach(c -> md.append(' ').append(c.render()).append(" |"));
            md.append('\n');
        }
        md.append('\n');
        for (String candidate : campaign.candidates()) {
            List<Cell> cells = rows.stream().filter(r -> r.candidate().equals(candidate))
                    .flatMap(r -> r.cells().stream()).toList();
            md.append(String.format(Locale.ROOT, "- %s: %d met, %d missed, %d not measured.%n", candidate,
                    count(cells, Status.MET), count(cells, Status.MISSED), count(cells, Status.NOT_MEASURED)));
        }
        md.append('\n');
    }

    private static long count(List<Cell> cells, Status status) {
        return cells.stream().filter(c -> c.status() == status).count();
    }

    List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        for (String candidate : campaign.candidates()) {
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
        double load = loadAt(multiple);
        Optional<String> stock = Double.isNaN(load) ? Optional.empty() : campaign.best(VariantClass.STOCK, load);
        if (stock.isEmpty()) {
            return Cell.notMeasured(Double.isNaN(load) ? "" : "no stock connector");
        }
        Ratio ratio = PairedRatios.completed(campaign.included(), load, candidate, stock.get(), campaign.bootstrap());
        return judge(ratio, " vs " + stock.get(), target, multiple > 1);
    }

    private Cell overYardstick(String candidate, int multiple) {
        double load = loadAt(multiple);
        Optional<String> yardstick = Double.isNaN(load) ? Optional.empty()
                : campaign.best(VariantClass.YARDSTICK, load);
        if (yardstick.isEmpty()) {
            return Cell.notMeasured(Double.isNaN(load) ? "" : "no nio-admission");
        }
        Ratio ratio = PairedRatios.completed(campaign.included(), load, candidate, yardstick.get(),
                campaign.bootstrap());
        return judge(ratio, " vs " + yardstick.get(), OVER_YARDSTICK, false);
    }

    /**
     * Paired within blocks if some block ran the candidate at both loads; otherwise (blocks hold one
     * load each) the ratio of the two medians, which has no interval.
     */
    private Cell noCollapse(String candidate, int multiple) {
        double load = loadAt(multiple);
        double base = loadAt(1);
        if (Double.isNaN(load) || Double.isNaN(base)) {
            return Cell.notMeasured(Double.isNaN(load) ? "" : "1x not run");
        }
        Ratio paired = PairedRatios.of(campaign.included(), new Side(candidate, load), new Side(candidate, base),
                SteadyRow::completedPerSecond, campaign.bootstrap());
        if (paired.pairs() > 0) {
            return judge(paired, ", paired in " + paired.pairs() + " blocks", NO_COLLAPSE, false);
        }
        double ratio = campaign.medianCompleted(candidate, load) / campaign.medianCompleted(candidate, base);
        if (Double.isNaN(ratio)) {
            return Cell.notMeasured("");
        }
        String figure = number("%.2f", ratio) + "x, of medians (no block ran both loads; no CI)";
        return ratio >= NO_COLLAPSE ? new Cell(Status.MET, figure, "")
                : new Cell(Status.MISSED, figure, shortOf(ratio, NO_COLLAPSE));
    }

    private Cell abandoned(String candidate, int multiple) {
        double load = loadAt(multiple);
        int blocks = Double.isNaN(load) ? 0
                : campaign.values(candidate, load, SteadyRow::completedPerSecond).length;
        if (blocks == 0) {
            return Cell.notMeasured("");
        }
        double[] read = campaign.values(candidate, load, SteadyRow::serverAbandonedPerSecond);
        if (read.length == 0) {
            return Cell.notMeasured("server log not read");
        }
        double worst = Arrays.stream(read).max().getAsDouble();
        String figure = String.format(Locale.ROOT, "max %.2f/s over %s blocks", worst,
                read.length == blocks ? Integer.toString(blocks) : read.length + " of " + blocks);
        return worst == 0 ? new Cell(Status.MET, figure, "")
                : new Cell(Status.MISSED, figure, String.format(Locale.ROOT, "%.2f/s above 0", worst));
    }

    private Cell quickPages(String candidate, int multiple) {
        double load = loadAt(multiple);
        Optional<String> stock = Double.isNaN(load) ? Optional.empty() : campaign.best(VariantClass.STOCK, load);
        if (stock.isEmpty()) {
            return Cell.notMeasured(Double.isNaN(load) ? "" : "no stock connector");
        }
        Ratio ratio = PairedRatios.of(campaign.included(), new Side(stock.get(), load), new Side(candidate, load),
                SteadyRow::quickP99Millis, campaign.bootstrap());
        return judge(ratio, " vs " + stock.get(), P99_FACTOR, false);
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
