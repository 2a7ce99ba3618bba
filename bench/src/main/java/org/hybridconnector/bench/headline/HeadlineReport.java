package org.hybridconnector.bench.headline;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/**
 * The headline report of a steady-state campaign: each variant's completed sessions/s per load
 * (median over blocks with a 95 % bootstrap interval), every candidate's paired ratios to the
 * other connectors, the {@link Targets} verdicts, whether each interval was long enough, where the
 * server's core went ({@link ServerCpuTable}), and the rows left out. Writes {@code headline.md},
 * {@code headline.csv} and the figure's data and script ({@link HeadlinePlot}).
 */
public final class HeadlineReport {

    private final Campaign campaign;
    private final Targets targets;
    private final double saturation;
    /** Completed sessions/s by load (lowest first), then by variant (first-seen order), computed once. */
    private final Map<Double,Map<String,Bootstrap.Interval>> completed = new TreeMap<>();

    public HeadlineReport(List<SteadyRow> rows, double saturation, Bootstrap bootstrap) {
        this.campaign = new Campaign(rows, bootstrap);
        this.targets = new Targets(campaign, saturation);
        this.saturation = saturation;
        for (double load : campaign.loads()) {
            Map<String,Bootstrap.Interval> byVariant = new LinkedHashMap<>();
            for (String variant : campaign.variants()) {
                Bootstrap.Interval interval = campaign.completed(variant, load);
                if (interval.n() > 0) {
                    byVariant.put(variant, interval);
                }
            }
            completed.put(load, byVariant);
        }
    }

    /** Writes {@code headline.md}, {@code headline.csv}, {@code headline.gp} and its data files into {@code directory}. */
    public void write(Path directory, String title, String command) throws IOException {
        Files.createDirectories(directory);
        Files.writeString(directory.resolve("headline.md"), markdown(title, command));
        Files.writeString(directory.resolve("headline.csv"), csv());
        HeadlinePlot.write(directory, title, saturation, completed, campaign.variants());
    }

    /** One line per load and variant: {@code load,variant,n,median,ci_low,ci_high}. */
    public String csv() {
        StringBuilder csv = new StringBuilder("load,variant,n,median,ci_low,ci_high\n");
        completed.forEach((load, byVariant) -> byVariant.forEach((variant, c) -> csv.append(String.format(Locale.ROOT,
                "%s,%s,%d,%.3f,%.3f,%.3f%n", load, variant, c.n(), c.median(), c.low(), c.high()))));
        return csv.toString();
    }

    public String markdown(String title, String command) {
        StringBuilder md = new StringBuilder("# ").append(title).append("\n\n");
        md.append("Command:\n\n```\n").append(command).append("\n```\n\n");
        appendBuild(md, campaign.commits());
        md.append(String.format(Locale.ROOT, "Saturation load R = %.1f new sessions/s. Rows: %d counted, %d excluded "
                + "(see the end).%n%n", saturation, campaign.included().size(), campaign.excluded().size()));
        blocks(md);
        ownMachines(md);
        completedTables(md);
        ratioTables(md);
        targets.append(md);
        validity(md);
        ServerCpuTable.append(md, campaign.included());
        excluded(md);
        method(md);
        return md.toString();
    }

    /** The build line: the one commit every row names, or a warning that the rows mix builds. */
    static void appendBuild(StringBuilder md, List<String> commits) {
        if (commits.size() == 1) {
            md.append("Build: commit `").append(commits.get(0)).append("` in every row.\n\n");
        } else {
            md.append("**Warning: ").append(commits.size()).append(" commits in the rows (")
                    .append(commits.stream().map(c -> "`" + c + "`").collect(Collectors.joining(", ")))
                    .append("). A campaign must use one build; these figures mix builds.**\n\n");
        }
    }

    private void blocks(StringBuilder md) {
        md.append("## Blocks per load\n\n| offered sess/s | x R | blocks | variants |\n|---|---|---|---|\n");
        completed.forEach((load, byVariant) -> md.append(String.format(Locale.ROOT, "| %.1f | %.2fx | %d | %s |%n",
                load, load / saturation, campaign.blocks(load), String.join(", ", byVariant.keySet()))));
        md.append('\n');
    }

    /**
     * Whether each block's loads were, on its own machine, what their multiple of R says: R comes
     * from the sweep on one machine, and a block may run on a slower one. A load at or below R that
     * no variant of the block completed nine tenths of was overload there.
     */
    private void ownMachines(StringBuilder md) {
        md.append("## Each block's loads on its own machine\n\nR was measured by the sweep, on its machine; a block "
                + "may run on another, slower or faster by a third. Per block and load, the most sessions/s any "
                + "variant completed and its share of those offered. At or below R the best variant should complete "
                + "nine tenths or more; where none did, that block's machine saturated below R, so its load was "
                + "overload there (its ratios stand, but its x R label overstates the machine).\n\n"
                + "| block | offered sess/s | x R | most completed sess/s (variant) | of offered |\n"
                + "|---|---|---|---|---|\n");
        Map<SteadyRow.BlockId,Map<Double,List<SteadyRow>>> byBlock = campaign.included().stream().collect(
                Collectors.groupingBy(SteadyRow::blockId, LinkedHashMap::new, Collectors.groupingBy(SteadyRow::load,
                        TreeMap::new, Collectors.toList())));
        byBlock.forEach((block, byLoad) -> byLoad.forEach((load, rows) -> {
            SteadyRow best = rows.stream().max(Comparator.comparingDouble(SteadyRow::completedPerSecond))
                    .orElseThrow();
            double share = best.completedPerSecond() / load;
            md.append(String.format(Locale.ROOT, "| %s, block %d | %.1f | %.2fx | %.2f (%s) | %.0f %%%s |%n",
                    blockName(block.source()), block.number(), load, load / saturation, best.completedPerSecond(),
                    best.variant(), 100 * share,
                    load <= saturation * 1.01 && share < 0.9 ? " **(overload on this machine)**" : ""));
        }));
        md.append('\n');
    }

    /** The directory a block's rows came from ({@code bidding-2x-b1}), or the file's name. */
    static String blockName(String source) {
        Path file = Path.of(source);
        return (file.getParent() == null ? file : file.getParent()).getFileName().toString();
    }

    private void completedTables(StringBuilder md) {
        md.append("## Completed sessions/s\n\nMedian over blocks with its 95 % bootstrap CI; n = blocks.\n\n");
        completed.forEach((load, byVariant) -> {
            Optional<String> bestStock = campaign.best(VariantClass.STOCK, load);
            md.append(String.format(Locale.ROOT, "### %.1f new sessions/s offered (%.2fx R), %d blocks%n%n", load,
                    load / saturation, campaign.blocks(load)));
            md.append("| variant | kind | completed sess/s | n |\n|---|---|---|---|\n");
            byVariant.forEach((variant, interval) -> md.append(String.format(Locale.ROOT, "| %s | %s%s | %s | %d |%n",
                    variant, VariantClass.of(variant).name().toLowerCase(Locale.ROOT),
                    bestStock.filter(variant::equals).isPresent() ? " (best stock)" : "", interval.format("%.2f"),
                    interval.n())));
            md.append('\n');
        });
    }

    /** Every candidate over every other connector measured at the load, best stock first. */
    private void ratioTables(StringBuilder md) {
        md.append("## Paired ratios of completed sessions/s\n\nCandidate / other, taken within each block, then the "
                + "median over blocks with its 95 % bootstrap CI. Blocks where one of the two has no row are "
                + "skipped; a pair that never ran in one block has no row, but for the best stock.\n\n");
        for (double load : completed.keySet()) {
            Optional<String> bestStock = campaign.best(VariantClass.STOCK, load);
            List<String> others = new ArrayList<>();
            bestStock.ifPresent(others::add);
            completed.get(load).keySet().stream().filter(v -> VariantClass.of(v) != VariantClass.CANDIDATE)
                    .filter(v -> !others.contains(v)).forEach(others::add);
            List<String> candidates = completed.get(load).keySet().stream()
                    .filter(v -> VariantClass.of(v) == VariantClass.CANDIDATE).toList();
            if (others.isEmpty() || candidates.isEmpty()) {
                continue;
            }
            md.append(String.format(Locale.ROOT, "### %.1f new sessions/s offered (%.2fx R)%n%n", load,
                    load / saturation));
            md.append("| candidate | over | ratio [95 % CI] | blocks paired | blocks skipped |\n|---|---|---|---|---|\n");
            for (String candidate : candidates) {
                for (String other : others) {
                    PairedRatios.Ratio ratio = PairedRatios.completed(campaign.included(), load, candidate, other,
                            campaign.bootstrap());
                    boolean best = bestStock.filter(other::equals).isPresent();
                    if (ratio.pairs() == 0 && !best) {
                        continue;
                    }
                    md.append(String.format(Locale.ROOT, "| %s | %s%s | %s | %d | %d |%n", candidate, other,
                            best ? " (best stock)" : "",
                            ratio.interval().ratio(), ratio.pairs(), ratio.skipped()));
                }
            }
            md.append('\n');
        }
    }

    /**
     * Whether each figure measured a steady state: the interval should hold ten lifetimes of the
     * variant's sessions, and the sessions still running at its end should be few beside those it
     * counted. The abandoned sessions are shown by both counts, the server's and httperf's.
     */
    private void validity(StringBuilder md) {
        md.append("## Is the interval long enough?\n\nPer load and variant, over blocks: the fewest session "
                + "lifetimes the interval held (ten or more wanted), the largest share of sessions in progress at "
                + "its end beside those completed in it, and the median sessions abandoned after a reply per "
                + "second as the server's access log and httperf count them.\n\n| offered sess/s | variant | "
                + "lifetimes in the interval | in progress at the end | abandoned/s, server / httperf |\n"
                + "|---|---|---|---|---|\n");
        byLoadAndVariant(campaign.included()).forEach((load, byVariant) -> byVariant.forEach((variant, rows) -> {
            double lifetimes = rows.stream().mapToDouble(r -> r.intervalSeconds() / r.lifetimeSeconds()).min()
                    .orElse(Double.NaN);
            double inProgress = rows.stream().mapToDouble(SteadyRow::inProgressShare).max().orElse(Double.NaN);
            md.append(String.format(Locale.ROOT, "| %.1f | %s | %s | %s | %s / %s |%n", load, variant,
                    Double.isNaN(lifetimes) ? "–" : String.format(Locale.ROOT, "%.1f%s", lifetimes,
                            lifetimes < 10 ? " **(under 10)**" : ""),
                    Double.isNaN(inProgress) ? "–" : String.format(Locale.ROOT, "%.0f %%", 100 * inProgress),
                    median(rows, SteadyRow::serverAbandonedPerSecond, "%.2f"), median(rows,
                            SteadyRow::httperfAbandonedPerSecond, "%.2f")));
        }));
        md.append('\n');
    }

    /** The rows by load (lowest first), then by variant (first-seen order). */
    static Map<Double,Map<String,List<SteadyRow>>> byLoadAndVariant(List<SteadyRow> rows) {
        return rows.stream().collect(Collectors.groupingBy(SteadyRow::load, TreeMap::new,
                Collectors.groupingBy(SteadyRow::variant, LinkedHashMap::new, Collectors.toList())));
    }

    /**
     * The median over {@code rows} of a figure where it was read (finite: NaN is not read, and a rate
     * per nothing completed says nothing), in {@code format}, or – where no row has it.
     */
    static String median(List<SteadyRow> rows, ToDoubleFunction<SteadyRow> figure, String format) {
        double[] values = rows.stream().mapToDouble(figure).filter(Double::isFinite).toArray();
        return values.length == 0 ? "–" : String.format(Locale.ROOT, format, Bootstrap.medianOf(values));
    }

    private void excluded(StringBuilder md) {
        md.append("## Excluded rows\n\n");
        if (campaign.excluded().isEmpty()) {
            md.append("None: the load generator never ran out of descriptors.\n\n");
            return;
        }
        md.append("The load generator ran out of descriptors in these rows, so they measure the client, not the "
                + "server; they count in no figure above.\n\n| file | block | offered sess/s | variant | completed "
                + "sess/s |\n|---|---|---|---|---|\n");
        campaign.excluded().forEach(r -> md.append(String.format(Locale.ROOT, "| %s | %d | %.1f | %s | %.2f |%n",
                r.source(), r.block(), r.load(), r.variant(), r.completedPerSecond())));
        md.append('\n');
    }

    private void method(StringBuilder md) {
        md.append("## Method\n\n");
        md.append(String.format(Locale.ROOT, "- A block runs every variant once, back to back, at one load; blocks "
                + "are the resampling unit, numbered per file. Ratios are taken within a block, so that the "
                + "machine's drift between blocks cancels.%n- 95 %% CI: percentile bootstrap of the median, %d "
                + "resamples of the blocks with replacement, seed %d (the same report every time). A median of an "
                + "even count is the mean of the middle two. One block gives the interval [v, v], which says nothing "
                + "about spread.%n", campaign.bootstrap().resamples(), campaign.bootstrap().seed()));
        md.append("- A ratio over zero is ∞ and counts as a value; a block whose ratio is undefined (0/0, a figure "
                + "not read) is skipped like a missing row.\n");
        md.append("- Stock connectors: nio, nio2, nio-vt at any thread count and connection cap. \"Best stock\" at a "
                + "load is the one with the highest median there, each a fixed setting as an operator would deploy "
                + "it; choosing the best per load favours stock, not the candidates.\n");
        md.append("- Quick pages: four probe clients, connected as the up-ramp begins, each ask a quick page every "
                + "250 ms; the p99 is of the pages asked mid-visit (on a connection already answered) in the "
                + "interval. Rows from before 2026-11-27 timed every attempt of clients started in the overload, "
                + "their waits to be let in included, and are not judged on it.\n");
        md.append("- Figure: `headline.png` (from `headline.gp`, whiskers the 95 % CI); every median: "
                + "`headline.csv`.\n");
    }
}
