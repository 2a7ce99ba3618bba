package org.hybridconnector.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;

import org.hybridconnector.bench.probe.ProbeAttempt;
import org.hybridconnector.bench.probe.ProbeResult;
import org.hybridconnector.bench.probe.QuickPageProbe;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code probe}: runs the {@link QuickPageProbe} against 127.0.0.1 and writes its result, and its timeline if asked. */
@Command(name = "probe", description = "Time quick pages beside httperf's sessions: percentiles and time-outs.")
final class ProbeCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--port", required = true, paramLabel = "P")
    private Integer port;

    @Option(names = "--paths", required = true, paramLabel = "P1,P2,...", description = "The pages, asked in turn.")
    private String paths;

    @Option(names = "--seconds", required = true, paramLabel = "S")
    private Double seconds;

    @Option(names = "--measure-from", defaultValue = "0", paramLabel = "S",
            description = "Seconds into the run from which attempts count (default 0); the earlier ones stay in the"
                    + " timeline. Clients started ahead of the load are shoppers already inside when it comes.")
    private double measureFromSeconds;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "The result: percentiles of"
            + " every attempt, or with --openings of those sent on a connection already answered (mid-visit).")
    private Path out;

    @Option(names = "--openings", paramLabel = "FILE", description = "The result of the attempts that opened their"
            + " connection (the wait to be let in), apart from the mid-visit ones in --out.")
    private Path openings;

    @Option(names = "--clients", defaultValue = "4", paramLabel = "N")
    private int clients;

    @Option(names = "--interval-ms", defaultValue = "250", paramLabel = "MS", description = "A client's pace.")
    private long intervalMillis;

    @Option(names = "--timeout-ms", defaultValue = "10000", paramLabel = "MS")
    private int timeoutMillis;

    @Option(names = "--timeline", paramLabel = "FILE", description = "Every attempt as CSV, in the order sent.")
    private Path timeline;

    @Override
    public Integer call() throws Exception {
        if (measureFromSeconds < 0 || measureFromSeconds >= seconds) {
            throw new ParameterException(spec.commandLine(),
                    "--measure-from must be at least 0 and less than --seconds, not " + measureFromSeconds);
        }
        QuickPageProbe probe = new QuickPageProbe("127.0.0.1", port, List.of(paths.split(",")), intervalMillis,
                timeoutMillis);
        probe.run(clients, seconds);
        List<ProbeAttempt> attempts = probe.timeline();
        ProbeResult.Pages pages = openings == null ? ProbeResult.Pages.ALL : ProbeResult.Pages.MID_VISIT;
        Files.writeString(out, ProbeResult.of(attempts, measureFromSeconds, pages).toLine() + "\n");
        if (openings != null) {
            Files.writeString(openings,
                    ProbeResult.of(attempts, measureFromSeconds, ProbeResult.Pages.OPENINGS).toLine() + "\n");
        }
        if (timeline != null) {
            List<String> lines = new ArrayList<>(List.of(ProbeAttempt.CSV_HEADER));
            attempts.stream().sorted(Comparator.comparingDouble(ProbeAttempt::startedSeconds))
                    .map(ProbeAttempt::toCsv).forEach(lines::add);
            Files.write(timeline, lines);
        }
        return 0;
    }
}
