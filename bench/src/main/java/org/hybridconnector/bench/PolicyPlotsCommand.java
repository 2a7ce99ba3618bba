package org.hybridconnector.bench;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import org.hybridconnector.bench.report.PolicyPlots;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code policy-plots}: the overload policies' figures of a stepped run; see {@link PolicyPlots}. */
@Command(name = "policy-plots", description = "Write the gnuplot scripts of the overload policies against time"
        + " (admission.gp, workers.gp, ...) from a stepped run's raw/*-r1-policy.csv; prints the scripts' names.")
final class PolicyPlotsCommand implements Callable<Integer> {

    @Option(names = "--dir", required = true, paramLabel = "DIR", description = "The run's results directory.")
    private Path dir;

    @Option(names = "--window", required = true, paramLabel = "S",
            description = "Seconds of each step during which new sessions were offered.")
    private int window;

    @Override
    public Integer call() throws Exception {
        PolicyPlots.write(dir, window).forEach(System.out::println);
        return 0;
    }
}
