package org.hybridconnector.bench;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.hybridconnector.bench.jmx.JmxSampler;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code jmx-sample}: samples the benchmarked connector's MBeans over JMX; see {@link JmxSampler}. */
@Command(name = "jmx-sample", description = "Sample the connector's MBean attributes over JMX into a CSV.")
final class JmxSampleCommand implements Callable<Integer> {

    @Option(names = "--jmx-port", required = true, paramLabel = "P")
    private Integer jmxPort;

    @Option(names = "--port", required = true, paramLabel = "P", description = "The connector's port.")
    private Integer port;

    @Option(names = "--seconds", required = true, paramLabel = "S")
    private Double seconds;

    @Option(names = "--out", required = true, paramLabel = "FILE")
    private Path out;

    @Option(names = "--every-ms", defaultValue = "5000", paramLabel = "MS")
    private long everyMillis;

    @Parameters(paramLabel = "PATTERN#ATTRIBUTE", description = "A column: an MBean name pattern and an attribute.")
    private List<String> columns = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        try (JmxSampler sampler = JmxSampler.connect(jmxPort);
                PrintWriter writer = new PrintWriter(Files.newBufferedWriter(out))) {
            sampler.sample(columns.stream().map(JmxSampler.Column::parse).toList(), port, everyMillis, seconds, writer);
        }
        return 0;
    }
}
