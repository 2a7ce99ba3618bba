package org.hybridconnector.bench.headline;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;

/**
 * The rows of one campaign, split into those that count and those excluded (the load generator
 * ran out of descriptors, so the server was not what limited them), with the figures every part
 * of the headline report shares: loads, variants, blocks, and each variant's median and interval.
 */
final class Campaign {

    private final List<SteadyRow> included;
    private final List<SteadyRow> excluded;
    private final Bootstrap bootstrap;

    Campaign(List<SteadyRow> rows, Bootstrap bootstrap) {
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("no rows");
        }
        this.included = rows.stream().filter(r -> !r.clientLimited()).toList();
        this.excluded = rows.stream().filter(SteadyRow::clientLimited).toList();
        this.bootstrap = bootstrap;
    }

    List<SteadyRow> included() {
        return included;
    }

    List<SteadyRow> excluded() {
        return excluded;
    }

    Bootstrap bootstrap() {
        return bootstrap;
    }

    /** The loads with a row that counts, lowest first. */
    List<Double> loads() {
        return included.stream().map(SteadyRow::load).distinct().sorted().toList();
    }

    /** Variants in the order the rows first show them. */
    List<String> variants() {
        return included.stream().map(SteadyRow::variant).distinct().toList();
    }

    /** Every commit the rows (the excluded ones too) name, in first-seen order; one, if the campaign used one build. */
    List<String> commits() {
        return Stream.concat(included.stream(), excluded.stream()).map(SteadyRow::commit).distinct()
                .toList();
    }

    /** How many blocks have a row that counts at this load. */
    int blocks(double load) {
        return (int) rows(load).map(SteadyRow::blockId).distinct().count();
    }

    /** The variant's completed sessions/s at this load: median over blocks with its interval. */
    Bootstrap.Interval completed(String variant, double load) {
        return bootstrap.median(values(variant, load, SteadyRow::completedPerSecond));
    }

    /** The figure's values at this load, one per block, figures not read left out. */
    double[] values(String variant, double load, ToDoubleFunction<SteadyRow> figure) {
        return rows(load).filter(r -> r.variant().equals(variant)).mapToDouble(figure).filter(v -> !Double.isNaN(v))
                .toArray();
    }

    /** The variant's plain median of completed sessions/s over blocks, {@code NaN} if it did not run here. */
    double medianCompleted(String variant, double load) {
        return Bootstrap.medianOf(values(variant, load, SteadyRow::completedPerSecond));
    }

    /**
     * The variant of this class with the highest median completed sessions/s at this load (the
     * first seen on a tie). Each variant is one fixed setting, as an operator would deploy it;
     * picking the best per load favours the other side, never the candidates.
     */
    Optional<String> best(VariantClass kind, double load) {
        return variants().stream().filter(v -> VariantClass.of(v) == kind)
                .filter(v -> !Double.isNaN(medianCompleted(v, load)))
                .max(Comparator.comparingDouble((String v) -> medianCompleted(v, load))
                        .thenComparing(v -> -variants().indexOf(v)));
    }

    /** The candidates (every {@code hybrid…} variant), in first-seen order. */
    List<String> candidates() {
        return variants().stream().filter(v -> VariantClass.of(v) == VariantClass.CANDIDATE).toList();
    }

    private Stream<SteadyRow> rows(double load) {
        return included.stream().filter(r -> r.load() == load);
    }
}
