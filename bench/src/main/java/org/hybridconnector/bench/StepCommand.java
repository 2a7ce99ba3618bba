package org.hybridconnector.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;

import org.hybridconnector.bench.httperf.HttperfOutputParser;
import org.hybridconnector.bench.httperf.HttperfResult;
import org.hybridconnector.bench.report.Reading;
import org.hybridconnector.bench.report.StepRecord;
import org.hybridconnector.bench.report.StepWindow;
import org.hybridconnector.bench.run.Variant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code step}: one step of a stepped run, its httperf processes' outputs combined with the readings
 * {@code bench/sessions} took around it ({@link StepWindow}) into a {@link StepRecord}, appended to
 * the run's CSV and printed as one line; the step's cache, servlet and lengthy-path files are
 * written beside its httperf outputs.
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

    @Option(names = "--start", required = true, paramLabel = "FILE",
            description = "The reading at the step's start (Main step-counters' lines and the machine's).")
    private Path startReading;

    @Option(names = "--window-end", required = true, paramLabel = "FILE",
            description = "The reading at the window's end.")
    private Path windowEndReading;

    @Option(names = "--end", required = true, paramLabel = "FILE", description = "The reading after the load.")
    private Path endReading;

    @Option(names = "--clock-ticks", defaultValue = "100", paramLabel = "HZ", description = "getconf CLK_TCK.")
    private int clockTicks;

    @Option(names = "--raw-prefix", required = true, paramLabel = "P",
            description = "Where the step's own files go: P-cache.csv, P-servlets.csv, P-lengthy.txt.")
    private String rawPrefix;

    @Mixin
    private ProbeFileOption probe;

    @Parameters(arity = "1..*", paramLabel = "HTTPERF_OUTPUT")
    private List<Path> outputs;

    @Override
    public Integer call() throws IOException {
        StepWindow step = new StepWindow(Reading.read(startReading), Reading.read(windowEndReading),
                Reading.read(endReading), clockTicks, window);
        writeRawFiles(step);
        StepRecord record = StepRecord.combine(mix, variant, jvm, offered, repeat, window, sessionsOffered,
                parseAll(outputs), step.serverClosed(Variant.parse(variant)), step.serverCpuPercent(),
                step.machineCpuPercent(), probe.result(), step.counters());
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

    /**
     * The response cache's counts over the window (hybrid-cache), the requests each servlet served in
     * it, and what the lengthy-request policy had learned by its end (every hybrid-* variant).
     */
    private void writeRawFiles(StepWindow step) throws IOException {
        Optional<String> cache = step.cacheCsv();
        if (cache.isPresent()) {
            Files.writeString(Path.of(rawPrefix + "-cache.csv"), cache.get());
        }
        Optional<String> servlets = step.servletsCsv();
        if (servlets.isPresent()) {
            Files.writeString(Path.of(rawPrefix + "-servlets.csv"), servlets.get());
        }
        if (Variant.withPolicies(variant)) {
            String paths = step.lengthyPaths();
            Files.writeString(Path.of(rawPrefix + "-lengthy.txt"), paths.isEmpty() ? "" : paths + "\n");
        }
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
