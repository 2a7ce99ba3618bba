package org.hybridconnector.bench.headline;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The headline's targets over several studies pooled. Each study is one mix on one machine model, run
 * at multiples of the saturation load R its own sweep found there. A block's ratios are taken between
 * variants run minutes apart on one machine, so they stand alone, and the blocks of every study pool
 * by multiple of R. Sessions per second differ from machine to machine, so they stay in each study's
 * own report. This one has the studies, each block's ratios to its study's best stock, and the
 * {@link Targets} verdicts over the pooled blocks. Writes {@code headline.md}.
 */
final class PooledReport {

    private final List<Study> studies;
    private final Targets targets;

    PooledReport(List<Study> studies) {
        if (studies.isEmpty()) {
            throw new IllegalArgumentException("no study to pool");
        }
        this.studies = List.copyOf(studies);
        this.targets = new Targets(studies);
    }

    void write(Path directory, String title, String command) throws IOException {
        Files.createDirectories(directory);
        Files.writeString(directory.resolve("headline.md"), markdown(title, command));
    }

    String markdown(String title, String command) {
        StringBuilder md = new StringBuilder("# ").append(title).append("\n\n");
        md.append("Command:\n\n```\n").append(command).append("\n```\n\n");
        HeadlineReport.appendBuild(md, studies.stream().flatMap(s -> s.campaign().commits().stream()).distinct()
                .toList());
        studyTable(md);
        blockRatios(md);
        targets.append(md);
        method(md);
        return md.toString();
    }

    private void studyTable(StringBuilder md) {
        md.append("## Studies pooled\n\nEach study ran its blocks on one machine model, at multiples of the "
                + "saturation load R its own sweep found there; its report has the sessions per second. Blocks "
                + "per multiple (a tested load within 1 % of it); blocks at other loads are not judged here.\n\n"
                + "| study | R, new sessions/s | blocks at 1x | at 2x | at 3x | at other loads | report |\n"
                + "|---|---|---|---|---|---|---|\n");
        for (Study study : studies) {
            int judged = 0;
            md.append(String.format(Locale.ROOT, "| %s | %.1f |", study.name(), study.saturation()));
            for (int multiple = 1; multiple <= 3; multiple++) {
                double load = study.loadAt(multiple);
                int blocks = Double.isNaN(load) ? 0 : study.campaign().blocks(load);
                judged += blocks;
                md.append(' ').append(blocks).append(" |");
            }
            int all = study.campaign().loads().stream().mapToInt(study.campaign()::blocks).sum();
            md.append(String.format(Locale.ROOT, " %d | [%s](../%s/headline.md) |%n", all - judged, study.directory(),
                    study.directory()));
        }
        md.append('\n');
    }

    /** Per multiple, a line per block: each candidate's completed sessions/s over its study's best stock's. */
    private void blockRatios(StringBuilder md) {
        md.append("## Each block's ratios\n\nCompleted sessions/s of each candidate over its study's best stock "
                + "connector's at that load, within the block: the values the targets' first line takes the median "
                + "of. – where the block did not run the candidate.\n\n");
        List<String> candidates = targets.candidates();
        for (int multiple = 1; multiple <= 3; multiple++) {
            int at = multiple;
            if (studies.stream().allMatch(s -> Double.isNaN(s.loadAt(at)))) {
                continue;
            }
            md.append(String.format(Locale.ROOT, "### %dx R%n%n| study | block | best stock |", multiple));
            candidates.forEach(c -> md.append(' ').append(c).append(" |"));
            md.append("\n|---|---|---|").append("---|".repeat(candidates.size())).append('\n');
            for (Study study : studies) {
                double load = study.loadAt(multiple);
                Optional<String> stock = Double.isNaN(load) ? Optional.empty()
                        : study.campaign().best(VariantClass.STOCK, load);
                if (stock.isEmpty()) {
                    continue;
                }
                blocksAt(study, load).forEach(block -> {
                    md.append(String.format(Locale.ROOT, "| %s | %s, block %d | %s |", study.name(),
                            HeadlineReport.blockName(block.source()), block.number(), stock.get()));
                    candidates.forEach(c -> md.append(' ').append(ratio(study, block, load, c, stock.get()))
                            .append(" |"));
                    md.append('\n');
                });
            }
            md.append('\n');
        }
    }

    private static Stream<SteadyRow.BlockId> blocksAt(Study study, double load) {
        return study.campaign().included().stream().filter(r -> r.load() == load).map(SteadyRow::blockId).distinct();
    }

    private static String ratio(Study study, SteadyRow.BlockId block, double load, String candidate, String stock) {
        List<SteadyRow> rows = study.campaign().included().stream().filter(r -> r.blockId().equals(block)).toList();
        PairedRatios.Pairs pairs = PairedRatios.pairs(rows, new PairedRatios.Side(candidate, load),
                new PairedRatios.Side(stock, load), SteadyRow::completedPerSecond);
        return pairs.ratios().length == 0 ? "–" : Bootstrap.Interval.number("%.2f", pairs.ratios()[0]) + "x";
    }

    private void method(StringBuilder md) {
        Bootstrap bootstrap = studies.get(0).campaign().bootstrap();
        md.append("## Method\n\n");
        md.append("- A block runs every variant once, back to back, at one load, on one machine; its ratios are "
                + "taken within it, so that neither the machine's drift nor its speed reaches them.\n");
        md.append("- \"Best stock\" is each study's own: at each load, the stock connector (nio, nio2, nio-vt at any "
                + "thread count and connection cap) with the highest median completed sessions/s in that study, as "
                + "its own report picks it.\n");
        md.append(String.format(Locale.ROOT, "- 95 %% CI: percentile bootstrap of the median, %d resamples of the "
                + "pooled blocks with replacement (every study's together, so a study with more blocks weighs more), "
                + "seed %d. Rows where the load generator ran out of descriptors count in no figure.%n",
                bootstrap.resamples(), bootstrap.seed()));
        md.append("- A study's R places its loads on its own machine; a block that ran on a slower boot of the same "
                + "model was nearer a higher multiple (each study's report shows it under \"Each block's loads on "
                + "its own machine\").\n");
    }
}
