package org.hybridconnector.bench.headline;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code headline-pooled}: judges the headline's targets over several studies' blocks at once, each
 * study at multiples of its own saturation load, and writes {@code headline.md} into {@code --out}
 * (see {@link PooledReport}). Each study's own report is linked as {@code ../NAME/headline.md}, with
 * {@code -} for {@code /} in its name, where {@code bench/campaign} writes it.
 */
@Command(name = "headline-pooled", description = "Judge the headline's targets over several studies' blocks pooled.")
public final class PooledHeadlineCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private ReportOptions report;

    @Option(names = "--study", required = true, paramLabel = "NAME,R,CSV[,CSV...]",
            description = "A study: its name in the plan, its saturation load R (new sessions/s) and its steady.csv "
                    + "files. Repeat for each study.")
    private List<String> studies;

    @Option(names = "--title", required = true, paramLabel = "T")
    private String title;

    @Override
    public Integer call() throws IOException {
        Bootstrap bootstrap = report.bootstrap();
        List<Study> read = new ArrayList<>();
        for (String study : studies) {
            read.add(study(study, bootstrap));
        }
        new PooledReport(read).write(report.out(), title, report.command());
        System.out.println("wrote " + report.out().resolve("headline.md"));
        return 0;
    }

    private Study study(String option, Bootstrap bootstrap) throws IOException {
        String[] parts = option.split(",");
        if (parts.length < 3 || parts[0].isBlank()) {
            throw new ParameterException(spec.commandLine(), "--study wants NAME,R,CSV[,CSV...]: " + option);
        }
        double saturation;
        try {
            saturation = Double.parseDouble(parts[1]);
        } catch (NumberFormatException e) {
            saturation = Double.NaN;
        }
        if (!(saturation > 0) || Double.isInfinite(saturation)) {
            throw new ParameterException(spec.commandLine(), "--study " + parts[0] + ": R must be a positive load: "
                    + parts[1]);
        }
        List<Path> files = Arrays.stream(parts, 2, parts.length).map(Path::of).toList();
        return new Study(parts[0], new Campaign(SteadyRows.read(files), bootstrap), saturation);
    }
}
