package org.hybridconnector.bench;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.Callable;

import org.hybridconnector.bench.jmx.JmxSampler;
import org.hybridconnector.bench.jmx.StepCounters;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code step-counters}: the connector's counters at one moment of a step, over JMX; see
 * {@link StepCounters}. With {@code --at-epoch-ms} it connects at once and reads at that moment, so
 * that a JVM's start and a connection's set-up do not delay the reading.
 */
@Command(name = "step-counters", description = "Read the benchmarked connector's step counters over JMX into a file of"
        + " 'name value' lines, now or at a given moment.")
final class StepCountersCommand implements Callable<Integer> {

    @Option(names = "--jmx-port", required = true, paramLabel = "P")
    private Integer jmxPort;

    @Option(names = "--port", required = true, paramLabel = "P", description = "The connector's port.")
    private Integer port;

    @Option(names = "--at-epoch-ms", defaultValue = "0", paramLabel = "MS",
            description = "Read at this moment (milliseconds since the epoch); 0, or a moment passed: now.")
    private long atEpochMillis;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "Written whole when the reading is done.")
    private Path out;

    @Override
    public Integer call() throws Exception {
        try (JmxSampler sampler = JmxSampler.connect(jmxPort)) {
            long wait = atEpochMillis - System.currentTimeMillis();
            if (wait > 0) {
                Thread.sleep(wait);
            }
            List<String> lines = StepCounters.read(sampler, port);
            // Whole or not at all: a script reads the file as soon as it is there.
            Path partial = out.resolveSibling(out.getFileName() + ".partial");
            Files.write(partial, lines, StandardCharsets.UTF_8);
            Files.move(partial, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        return 0;
    }
}
