package org.hybridconnector.bench.headline;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Ratios of one variant's figure to another's, taken within each block, where both ran minutes
 * apart on the same machine, so that the machine's drift from block to block cancels; then the
 * median of those per-block ratios with its {@link Bootstrap} interval. A block where either side
 * has no row, or where the ratio is {@code NaN} (a figure not read, or 0/0), is skipped and counted.
 * A ratio over zero is {@code +Infinity} and is kept: it is a real outcome, the other side having
 * completed nothing. Client-limited rows count as absent.
 */
public final class PairedRatios {

    private PairedRatios() {
    }

    /** One side of a ratio: a variant at an offered load. */
    public record Side(String variant, double load) {
    }

    /** The per-block ratios' median and interval, over {@code pairs} blocks; {@code skipped} blocks had one side only. */
    public record Ratio(Bootstrap.Interval interval, int pairs, int skipped) {

        public double median() {
            return interval.median();
        }
    }

    /** Completed sessions/s of {@code candidate} over {@code reference}'s, block by block at one load. */
    public static Ratio completed(List<SteadyRow> rows, double load, String candidate, String reference,
            Bootstrap bootstrap) {
        return of(rows, new Side(candidate, load), new Side(reference, load), SteadyRow::completedPerSecond,
                bootstrap);
    }

    /**
     * {@code figure} of the numerator's row over the denominator's row in the same block. The two
     * sides may be at different loads, for blocks that ran more than one load.
     */
    public static Ratio of(List<SteadyRow> rows, Side numerator, Side denominator, ToDoubleFunction<SteadyRow> figure,
            Bootstrap bootstrap) {
        return pairs(rows, numerator, denominator, figure).median(bootstrap);
    }

    /**
     * The per-block ratios themselves, and how many blocks had one side only: what {@link #of} takes
     * the median of. Several studies' pairs pool into one sample with {@link Pairs#plus}.
     */
    public record Pairs(double[] ratios, int skipped) {

        public static final Pairs NONE = new Pairs(new double[0], 0);

        public Pairs plus(Pairs other) {
            double[] both = Arrays.copyOf(ratios, ratios.length + other.ratios.length);
            System.arraycopy(other.ratios, 0, both, ratios.length, other.ratios.length);
            return new Pairs(both, skipped + other.skipped);
        }

        public Ratio median(Bootstrap bootstrap) {
            return new Ratio(bootstrap.median(ratios), ratios.length, skipped);
        }
    }

    public static Pairs pairs(List<SteadyRow> rows, Side numerator, Side denominator,
            ToDoubleFunction<SteadyRow> figure) {
        Map<SteadyRow.BlockId,SteadyRow> over = rowsByBlock(rows, numerator);
        Map<SteadyRow.BlockId,SteadyRow> under = rowsByBlock(rows, denominator);
        Map<SteadyRow.BlockId,Double> ratios = new LinkedHashMap<>();
        over.forEach((block, row) -> {
            if (under.containsKey(block)) {
                double ratio = figure.applyAsDouble(row) / figure.applyAsDouble(under.get(block));
                if (!Double.isNaN(ratio)) {
                    ratios.put(block, ratio);
                }
            }
        });
        long blocks = over.keySet().stream().filter(b -> !under.containsKey(b)).count() + under.size();
        double[] values = ratios.values().stream().mapToDouble(Double::doubleValue).toArray();
        return new Pairs(values, (int) blocks - values.length);
    }

    private static Map<SteadyRow.BlockId,SteadyRow> rowsByBlock(List<SteadyRow> rows, Side side) {
        Map<SteadyRow.BlockId,SteadyRow> byBlock = new LinkedHashMap<>();
        rows.stream().filter(r -> !r.clientLimited() && r.variant().equals(side.variant()) && r.load() == side.load())
                .forEach(r -> byBlock.put(r.blockId(), r));
        return byBlock;
    }
}
