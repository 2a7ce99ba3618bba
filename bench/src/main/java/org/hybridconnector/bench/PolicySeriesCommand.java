package org.hybridconnector.bench;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import org.hybridconnector.bench.jmx.PolicySeries;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code policy-series}: the overload policies' CSV from a step's {@code jmx-sample} counters; see {@link PolicySeries}. */
@Command(name = "policy-series", description = "Write the overload policies' series (admitted and turned-away sessions"
        + " per second, the limits) from the connector's counters that jmx-sample took.")
final class PolicySeriesCommand implements Callable<Integer> {

    @Option(names = "--samples", required = true, paramLabel = "FILE", description = "The CSV of jmx-sample --policy"
            + " --from-zero, with no other column.")
    private Path samples;

    @Option(names = "--out", required = true, paramLabel = "FILE")
    private Path out;

    @Override
    public Integer call() throws Exception {
        Files.write(out, PolicySeries.fromSamples(Files.readAllLines(samples, StandardCharsets.UTF_8)),
                StandardCharsets.UTF_8);
        return 0;
    }
}
