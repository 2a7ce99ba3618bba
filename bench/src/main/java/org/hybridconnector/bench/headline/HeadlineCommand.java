package org.hybridconnector.bench.headline;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code headline --out DIR --saturation R --command C [--title T] [--resamples B] STEADY_CSV...}:
 * reads the steady-state campaign's CSV files and writes the headline report into {@code DIR},
 * with {@code headline.png} if gnuplot is installed.
 */
public final class HeadlineCommand {

    static final String DEFAULT_TITLE = "Headline: completed sessions/s past saturation";

    private HeadlineCommand() {
    }

    public static void run(Map<String,String> options, List<String> csvFiles) throws IOException {
        if (csvFiles.isEmpty()) {
            throw new IllegalArgumentException("headline needs the steady-state CSV files");
        }
        Path out = Path.of(required(options, "out"));
        double saturation = Double.parseDouble(required(options, "saturation"));
        if (!(saturation > 0) || Double.isInfinite(saturation)) {
            throw new IllegalArgumentException("--saturation must be a positive load: " + saturation);
        }
        String command = required(options, "command");
        Bootstrap bootstrap = new Bootstrap(Integer.parseInt(options.getOrDefault("resamples",
                Integer.toString(Bootstrap.DEFAULT_RESAMPLES))), Bootstrap.DEFAULT_SEED);
        List<SteadyRow> rows = SteadyRows.read(csvFiles.stream().map(Path::of).toList());
        new HeadlineReport(rows, saturation, bootstrap).write(out, options.getOrDefault("title", DEFAULT_TITLE),
                command);
        System.out.println("wrote " + out.resolve("headline.md") + ", headline.csv and " + HeadlinePlot.SCRIPT);
        HeadlinePlot.render(out);
    }

    private static String required(Map<String,String> options, String name) {
        String value = options.get(name);
        if (value == null) {
            throw new IllegalArgumentException("--" + name + " is required");
        }
        return value;
    }
}
