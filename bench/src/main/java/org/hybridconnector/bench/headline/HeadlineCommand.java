package org.hybridconnector.bench.headline;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
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

    @Option(names = "--out", required = true, paramLabel = "DIR")
    private Path out;

    @Option(names = "--saturation", required = true, paramLabel = "R", description = "The saturation load, sessions/s.")
    private Double saturation;

    @Option(names = "--command", required = true, paramLabel = "C", description = "The command that ran, as quoted.")
    private String command;

    @Option(names = "--title", defaultValue = DEFAULT_TITLE, paramLabel = "T")
    private String title;

    @Option(names = "--resamples", defaultValue = "" + Bootstrap.DEFAULT_RESAMPLES, paramLabel = "N",
            description = "Bootstrap resamples.")
    private int resamples;

    @Parameters(arity = "1..*", paramLabel = "STEADY_CSV")
    private List<Path> csvFiles;

    @Override
    public Integer call() throws IOException {
        if (!(saturation > 0) || Double.isInfinite(saturation)) {
            throw new ParameterException(spec.commandLine(), "--saturation must be a positive load: " + saturation);
        }
        List<SteadyRow> rows = SteadyRows.read(csvFiles);
        new HeadlineReport(rows, saturation, new Bootstrap(resamples, Bootstrap.DEFAULT_SEED)).write(out, title,
                command);
        System.out.println("wrote " + out.resolve("headline.md") + ", headline.csv and " + HeadlinePlot.SCRIPT);
        HeadlinePlot.render(out);
        return 0;
    }
}
