package org.hybridconnector.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.hybridconnector.bench.httperf.HttperfOutputParser;
import org.hybridconnector.bench.httperf.HttperfResult;
import org.hybridconnector.bench.report.StepRecord;
import org.hybridconnector.bench.report.WindowCounters;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code step}: one step of a stepped run, its httperf processes' outputs combined with the counters
 * {@code bench/sessions} read around it into a {@link StepRecord}, appended to the run's CSV and
 * printed as one line.
 */
@Command(name = "step", description = "Append a stepped run's step, from its httperf outputs, to the run's CSV.")
final class StepCommand implements Callable<Integer> {

    @Option(names = "--csv", required = true, paramLabel = "FILE")
    private Path csv;

    @Option(names = "--mix", required = true, paramLabel = "M")
    private String mix;

    @Option(names = "--variant", required = true, paramLabel = "V")
    private String variant;

    @Option(names = "--jvm", required = true, paramLabel = "J")
    private String jvm;

    @Option(names = "--offered", required = true, paramLabel = "R", description = "New sessions/s offered.")
    private Double offered;

    @Option(names = "--repeat", required = true, paramLabel = "I")
    private Integer repeat;

    @Option(names = "--window", required = true, paramLabel = "S", description = "Seconds sessions were offered.")
    private Double window;

    @Option(names = "--sessions-offered", required = true, paramLabel = "N")
    private Long sessionsOffered;

    @Option(names = "--server-closed", defaultValue = "-1", paramLabel = "C", description = "-1: not counted.")
    private long serverClosed;

    @Option(names = "--server-cpu", defaultValue = "NaN", paramLabel = "PCT")
    private double serverCpu;

    @Option(names = "--machine-cpu", defaultValue = "NaN", paramLabel = "PCT")
    private double machineCpu;

    @Option(names = "--window-requests", defaultValue = "-1", paramLabel = "N")
    private long windowRequests;

    @Option(names = "--window-machine-cpu", defaultValue = "NaN", paramLabel = "PCT")
    private double windowMachineCpu;

    @Option(names = "--window-db-statements", defaultValue = "-1", paramLabel = "N")
    private long windowStatements;

    @Option(names = "--window-db-rows-read", defaultValue = "-1", paramLabel = "N")
    private long windowRowsRead;

    @Mixin
    private ProbeFileOption probe;

    @Parameters(arity = "1..*", paramLabel = "HTTPERF_OUTPUT")
    private List<Path> outputs;

    @Override
    public Integer call() throws IOException {
        StepRecord record = StepRecord.combine(mix, variant, jvm, offered, repeat, window, sessionsOffered,
                parseAll(outputs), serverClosed, serverCpu, machineCpu, probe.result(),
                new WindowCounters(windowRequests, windowMachineCpu, windowStatements, windowRowsRead));
        CsvRows.append(csv, StepRecord.HEADER, record.toCsv());
        System.out.printf(Locale.ROOT,
                "%-8s %6.1f sess/s #%d: completed %5.2f/s failed %5.2f/s unfinished %d, %6.1f replies/s, "
                        + "response %6.0f ms, timeouts %d, resets %d, reconnects %d, CPU Tomcat %.0f%% others %.0f%%%n",
                record.variant(), record.offeredRate(), record.repeat(), record.completedPerSecond(),
                record.failedPerSecond(), record.unfinished(), record.replyRate(), record.responseMillis(),
                record.clientTimeouts(), record.connReset(), record.reconnects(), record.serverCpuPercent(),
                record.otherCpuPercent());
        return 0;
    }

    private static List<HttperfResult> parseAll(List<Path> outputs) throws IOException {
        List<HttperfResult> results = new ArrayList<>();
        for (Path output : outputs) {
            try {
                // httperf echoes whatever bytes it could not parse: read them as bytes, not UTF-8.
                results.add(HttperfOutputParser.parse(Files.readString(output, StandardCharsets.ISO_8859_1)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(output + ": " + e.getMessage(), e);
            }
        }
        return results;
    }
}
