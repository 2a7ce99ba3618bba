package org.hybridconnector.bench;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.hybridconnector.bench.jmx.JmxSampler;
import org.hybridconnector.bench.jmx.PolicySeries;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code jmx-sample}: samples the benchmarked connector's MBeans over JMX; see {@link JmxSampler}. */
@Command(name = "jmx-sample", description = "Sample the connector's MBean attributes over JMX into a CSV.")
final class JmxSampleCommand implements Callable<Integer> {

    private static final String PROTOCOL_HANDLER = "Catalina:type=ProtocolHandler,*";

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

    @Option(names = "--from-zero", description = "Take the first sample at second 0 too.")
    private boolean fromZero;

    @Option(names = "--start-epoch-ms", defaultValue = "0", paramLabel = "MS",
            description = "Count the seconds from this moment (milliseconds since the epoch); 0: from now.")
    private long startEpochMillis;

    @Option(names = "--policy", description = "Sample the overload policies' counters (policy-series makes their"
            + " series), after any columns given.")
    private boolean policy;

    @Parameters(paramLabel = "PATTERN#ATTRIBUTE", description = "A column: an MBean name pattern and an attribute.")
    private List<String> columns = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        try (JmxSampler sampler = JmxSampler.connect(jmxPort);
                PrintWriter writer = new PrintWriter(Files.newBufferedWriter(out))) {
            List<JmxSampler.Column> sampled = new ArrayList<>(columns.stream().map(JmxSampler.Column::parse).toList());
            if (policy) {
                PolicySeries.COLUMNS.forEach(c -> sampled.add(new JmxSampler.Column(PROTOCOL_HANDLER, c)));
            }
            sampler.sample(sampled, port, new JmxSampler.Schedule(everyMillis, seconds, fromZero, startEpochMillis),
                    writer);
        }
        return 0;
    }
}
