package org.hybridconnector.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import org.hybridconnector.bench.report.CpuTime;
import org.hybridconnector.bench.report.Reading;
import org.hybridconnector.bench.steady.AccessLogSessions;
import org.hybridconnector.bench.steady.SessionFileIndex;
import org.hybridconnector.bench.steady.SliceRun;
import org.hybridconnector.bench.steady.SteadyStep;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code steady-step}: appends a steady step's row to the campaign's CSV and prints it; see {@link SteadyStep}. */
@Command(name = "steady-step", description = "Append a steady step's row, from its slices and access log, to the CSV.")
final class SteadyStepCommand implements Callable<Integer> {

    @Option(names = "--csv", required = true, paramLabel = "FILE")
    private Path csv;

    @Option(names = "--block", required = true, paramLabel = "B")
    private Integer block;

    @Option(names = "--load", required = true, paramLabel = "R")
    private Double load;

    @Option(names = "--variant", required = true, paramLabel = "V")
    private String variant;

    @Option(names = "--commit", required = true, paramLabel = "C")
    private String commit;

    @Option(names = "--from", required = true, paramLabel = "MS", description = "The interval's start, epoch ms.")
    private Long from;

    @Option(names = "--to", required = true, paramLabel = "MS", description = "The interval's end, epoch ms.")
    private Long to;

    @Option(names = "--slices", required = true, paramLabel = "FILE", description = "The slices' httperf outputs.")
    private Path slices;

    @Option(names = "--access-log", required = true, paramLabel = "FILE")
    private Path accessLog;

    @Option(names = "--timeout-ms", defaultValue = "10000", paramLabel = "MS", description = "The client time-out.")
    private long timeoutMillis;

    @Option(names = "--interval-start", paramLabel = "FILE", description = "The busy ticks at the interval's start:"
            + " 'machine_ticks N', 'cpu0_ticks N' and 'cpu1_ticks N' lines, and the CPU time of Tomcat's process and"
            + " the database's as 'tomcat_ticks N' and 'database_ticks N'.")
    private Path intervalStart;

    @Option(names = "--interval-end", paramLabel = "FILE", description = "The same at the interval's end.")
    private Path intervalEnd;

    @Option(names = "--clock-ticks", defaultValue = "100", paramLabel = "HZ", description = "getconf CLK_TCK.")
    private int clockTicks;

    @Mixin
    private ProbeFileOption probe;

    @Option(names = "--probe-openings", paramLabel = "FILE",
            description = "What the probe wrote of the attempts that opened their connection (probe --openings).")
    private Path probeOpenings;

    @Parameters(arity = "1..*", paramLabel = "SESSION_FILE", description = "The session files the step offered.")
    private List<Path> sessionFiles;

    @Override
    public Integer call() throws Exception {
        List<SliceRun> runs = SliceRun.parseAll(Files.readString(slices, StandardCharsets.ISO_8859_1));
        AccessLogSessions log = AccessLogSessions.read(accessLog, timeoutMillis);
        SessionFileIndex index = SessionFileIndex.read(sessionFiles);
        SteadyStep step = SteadyStep.of(block, load, variant, commit, runs, from, to, log.count(index, from, to),
                probe.result(), ProbeFileOption.result(probeOpenings), cpu());
        CsvRows.append(csv, SteadyStep.HEADER, step.toCsv());
        System.out.println(step.describe());
        return 0;
    }

    /** The CPUs' and the server's processes' busy time over the interval, in % of one core; NaN where not read. */
    private SteadyStep.Cpu cpu() throws IOException {
        if (intervalStart == null || intervalEnd == null) {
            return SteadyStep.Cpu.UNKNOWN;
        }
        Reading start = Reading.read(intervalStart);
        Reading end = Reading.read(intervalEnd);
        return new SteadyStep.Cpu(percent(start, end, "machine_ticks"), percent(start, end, "cpu0_ticks"),
                percent(start, end, "cpu1_ticks"), percent(start, end, "tomcat_ticks"),
                percent(start, end, "database_ticks"));
    }

    private double percent(Reading start, Reading end, String ticks) {
        return CpuTime.percentOfOneCore(start.number(ticks), end.number(ticks), clockTicks, (to - from) / 1000.0);
    }
}
