package org.hybridconnector.bench.headline;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code headline}: reads the steady-state campaign's CSV files and writes the headline report into
 * {@code --out}, with {@code headline.png} if gnuplot is installed.
 */
@Command(name = "headline", description = "Write the headline report from the steady-state campaign's CSV files.")
public final class HeadlineCommand implements Callable<Integer> {

    static final String DEFAULT_TITLE = "Headline: completed sessions/s past saturation";

    @Spec
    private CommandSpec spec;

    @Mixin
    private ReportOptions report;

    @Option(names = "--saturation", required = true, paramLabel = "R", description = "The saturation load, sessions/s.")
    private Double saturation;

    @Option(names = "--title", defaultValue = DEFAULT_TITLE, paramLabel = "T")
    private String title;

    @Parameters(arity = "1..*", paramLabel = "STEADY_CSV")
    private List<Path> csvFiles;

    @Override
    public Integer call() throws IOException {
        if (!(saturation > 0) || Double.isInfinite(saturation)) {
            throw new ParameterException(spec.commandLine(), "--saturation must be a positive load: " + saturation);
        }
        List<SteadyRow> rows = SteadyRows.read(csvFiles);
        new HeadlineReport(rows, saturation, report.bootstrap()).write(report.out(), title, report.command());
        System.out.println("wrote " + report.out().resolve("headline.md") + ", headline.csv and "
                + HeadlinePlot.SCRIPT);
        HeadlinePlot.render(report.out());
        return 0;
    }
}
