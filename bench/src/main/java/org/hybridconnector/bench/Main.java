package org.hybridconnector.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.hybridconnector.bench.compare.BuildComparison;
import org.hybridconnector.bench.headline.Bootstrap;
import org.hybridconnector.bench.headline.HeadlineCommand;
import org.hybridconnector.bench.httperf.HttperfOutputParser;
import org.hybridconnector.bench.httperf.HttperfResult;
import org.hybridconnector.bench.jmx.JmxSampler;
import org.hybridconnector.bench.probe.ProbeAttempt;
import org.hybridconnector.bench.probe.ProbeResult;
import org.hybridconnector.bench.probe.QuickPageProbe;
import org.hybridconnector.bench.report.StepRecord;
import org.hybridconnector.bench.report.Summary;
import org.hybridconnector.bench.report.WindowCounters;
import org.hybridconnector.bench.rubis.RubisSessionFiles;
import org.hybridconnector.bench.rubis.SessionWalker;
import org.hybridconnector.bench.rubis.SiteData;
import org.hybridconnector.bench.steady.AccessLogSessions;
import org.hybridconnector.bench.steady.SessionFileIndex;
import org.hybridconnector.bench.steady.SliceRun;
import org.hybridconnector.bench.steady.SteadyPlan;
import org.hybridconnector.bench.steady.SteadyStep;
import org.hybridconnector.bench.surge.StaticWorkload;
import org.hybridconnector.bench.surge.SurgeModel;
import org.hybridconnector.rubis.model.TransitionTable;

/**
 * The commands {@code bench/run} calls:
 * <pre>
 * site-data       --db-url URL [--db-user U] [--db-password P] --out FILE
 * rubis-sessions  --mix browsing|bidding --site-data FILE --out DIR [--prefix P] [--seed N]
 *                 [--files K] [--sessions N] [--max-pages N] [--think-scale F] [--mark TAG]
 * static-workload --docroot DIR --out FILE [--files M] [--file-seed N] [--sessions N] [--seed N]
 *                 [--url-prefix /surge/] [--off-scale F]
 * step            --csv FILE --mix M --variant V --jvm J --offered R --repeat I --window S
 *                 --sessions-offered N [--server-closed C] [--server-cpu PCT] [--machine-cpu PCT]
 *                 [--window-requests N] [--window-machine-cpu PCT] [--window-db-statements N]
 *                 [--window-db-rows-read N] [--probe FILE] HTTPERF_OUTPUT...
 * probe           --port P --paths P1,P2,... --seconds S --out FILE [--clients 4] [--interval-ms 250]
 *                 [--timeout-ms 10000] [--timeline FILE]
 * summary         --csv FILE --out DIR --title T --command C [--notes FILE] [--saturation R]
 * steady-plan     --load R --ramp-up S --warm-up S --interval S --tail S --mix M --site-data FILE --out DIR
 *                 [--seed N] [--max-pages N] [--think-scale F]
 * steady-step     --csv FILE --block B --load R --variant V --commit C --from MS --to MS --slices FILE
 *                 --access-log FILE [--timeout-ms 10000] [--probe FILE] [--machine-cpu PCT] SESSION_FILE...
 * access-log-pattern   the AccessLogValve pattern steady-step reads
 * jmx-sample      --jmx-port P --port P --seconds S --out FILE [--every-ms 5000] PATTERN#ATTRIBUTE...
 * headline        --out DIR --saturation R --command C [--title T] [--resamples N] STEADY_CSV...
 * compare-builds  --rounds-csv FILE --command FILE --out FILE [--tolerance 0.03]
 * </pre>
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            usage();
            return;
        }
        Deque<String> rest = new ArrayDeque<>(List.of(args));
        String command = rest.removeFirst();
        Map<String,String> options = new HashMap<>();
        List<String> positional = new ArrayList<>();
        while (!rest.isEmpty()) {
            String arg = rest.removeFirst();
            if (arg.startsWith("--")) {
                if (rest.isEmpty()) {
                    throw new IllegalArgumentException(arg + " needs a value");
                }
                options.put(arg.substring(2), rest.removeFirst());
            } else {
                positional.add(arg);
            }
        }
        switch (command) {
            case "site-data" -> SiteData.fromDatabase(required(options, "db-url"), options.getOrDefault("db-user", ""),
                    options.getOrDefault("db-password", "")).write(Path.of(required(options, "out")));
            case "rubis-sessions" -> rubisSessions(options);
            case "static-workload" -> staticWorkload(options);
            case "step" -> step(options, positional);
            case "summary" -> summary(options);
            case "probe" -> probe(options);
            case "steady-plan" -> steadyPlan(options);
            case "steady-step" -> steadyStep(options, positional);
            case "access-log-pattern" -> System.out.println(AccessLogSessions.PATTERN);
            case "headline" -> HeadlineCommand.run(options, positional);
            case "jmx-sample" -> jmxSample(options, positional);
            case "compare-builds" -> compareBuilds(options);
            default -> {
                usage();
                throw new IllegalArgumentException("unknown command " + command);
            }
        }
    }

    private static void rubisSessions(Map<String,String> o) throws IOException {
        String mix = required(o, "mix");
        List<Path> files = RubisSessionFiles.write(Path.of(required(o, "out")), o.getOrDefault("prefix", mix),
                walker(o, mix), mix, Long.parseLong(o.getOrDefault("seed", "1")),
                Integer.parseInt(o.getOrDefault("files", "1")), Integer.parseInt(o.getOrDefault("sessions", "1000")),
                o.get("mark"));
        files.forEach(System.out::println);
    }

    /** The session walker of {@code --site-data}, {@code --max-pages} (the original's 1000) and {@code --think-scale} (1). */
    private static SessionWalker walker(Map<String,String> o, String mix) throws IOException {
        return new SessionWalker(TransitionTable.forMix(mix), SiteData.read(Path.of(required(o, "site-data"))),
                Integer.parseInt(o.getOrDefault("max-pages", Integer.toString(SessionWalker.ORIGINAL_MAX_PAGES))),
                Double.parseDouble(o.getOrDefault("think-scale", "1")));
    }

    /** The file set comes from {@code --file-seed}, the sessions from {@code --seed}: one file set, many session files. */
    private static void staticWorkload(Map<String,String> o) throws IOException {
        StaticWorkload workload = new StaticWorkload(SurgeModel.defaults(),
                Integer.parseInt(o.getOrDefault("files", "1000")), Long.parseLong(o.getOrDefault("file-seed", "1")));
        workload.writeFiles(Path.of(required(o, "docroot")));
        workload.writeSessions(Path.of(required(o, "out")), Integer.parseInt(o.getOrDefault("sessions", "1000")),
                Long.parseLong(o.getOrDefault("seed", "1")), o.getOrDefault("url-prefix", "/surge/"),
                Double.parseDouble(o.getOrDefault("off-scale", "1")));
    }

    private static void step(Map<String,String> o, List<String> outputs) throws IOException {
        if (outputs.isEmpty()) {
            throw new IllegalArgumentException("step needs the httperf output files");
        }
        List<HttperfResult> results = parseAll(outputs.stream().map(Path::of).toList());
        StepRecord record = StepRecord.combine(required(o, "mix"), required(o, "variant"), required(o, "jvm"),
                Double.parseDouble(required(o, "offered")), Integer.parseInt(required(o, "repeat")),
                Double.parseDouble(required(o, "window")), Long.parseLong(required(o, "sessions-offered")), results,
                Long.parseLong(o.getOrDefault("server-closed", "-1")),
                Double.parseDouble(o.getOrDefault("server-cpu", "NaN")),
                Double.parseDouble(o.getOrDefault("machine-cpu", "NaN")),
                probeResult(o.get("probe")),
                new WindowCounters(Long.parseLong(o.getOrDefault("window-requests", "-1")),
                        Double.parseDouble(o.getOrDefault("window-machine-cpu", "NaN")),
                        Long.parseLong(o.getOrDefault("window-db-statements", "-1")),
                        Long.parseLong(o.getOrDefault("window-db-rows-read", "-1"))));
        Path csv = Path.of(required(o, "csv"));
        if (!Files.exists(csv)) {
            Files.writeString(csv, StepRecord.HEADER + "\n");
        }
        Files.writeString(csv, record.toCsv() + "\n", StandardOpenOption.APPEND);
        System.out.printf(Locale.ROOT,
                "%-8s %6.1f sess/s #%d: completed %5.2f/s failed %5.2f/s unfinished %d, %6.1f replies/s, "
                        + "response %6.0f ms, timeouts %d, resets %d, reconnects %d, CPU Tomcat %.0f%% others %.0f%%%n",
                record.variant(), record.offeredRate(), record.repeat(), record.completedPerSecond(),
                record.failedPerSecond(), record.unfinished(), record.replyRate(), record.responseMillis(),
                record.clientTimeouts(), record.connReset(), record.reconnects(), record.serverCpuPercent(),
                record.otherCpuPercent());
    }

    /**
     * Writes the session files a steady step needs (once: every variant and block is offered the same
     * sessions) and prints its slices, one line each: offset in seconds, rate, sessions, session file.
     */
    private static void steadyPlan(Map<String,String> o) throws IOException {
        String load = required(o, "load");
        SteadyPlan plan = new SteadyPlan(Double.parseDouble(load), Integer.parseInt(required(o, "ramp-up")),
                Integer.parseInt(required(o, "warm-up")), Integer.parseInt(required(o, "interval")),
                Integer.parseInt(required(o, "tail")));
        String mix = required(o, "mix");
        Path out = Path.of(required(o, "out"));
        SessionWalker walker = walker(o, mix);
        long seed = Long.parseLong(o.getOrDefault("seed", "1"));
        for (SteadyPlan.Segment segment : plan.segments()) {
            List<SteadyPlan.Slice> slices = segment.slices();
            if (slices.isEmpty()) {
                continue;
            }
            String prefix = "steady-" + mix + "-" + segment.tag() + "-" + load + "-" + segment.sessionsPerFile();
            if (!Files.exists(out.resolve(prefix + "-" + slices.size() + ".wsesslog"))) {
                RubisSessionFiles.write(out, prefix, walker, mix, seed + segment.seedOffset(), slices.size(),
                        segment.sessionsPerFile(), segment.tag());
            }
            for (SteadyPlan.Slice slice : slices) {
                System.out.printf(Locale.ROOT, "%d %s %d %s%n", slice.offsetSeconds(), segment.rate(),
                        slice.sessions(), out.resolve(prefix + "-" + slice.index() + ".wsesslog"));
            }
        }
    }

    /** Appends the step's row to the campaign's CSV and prints it; see {@link SteadyStep}. */
    private static void steadyStep(Map<String,String> o, List<String> sessionFiles) throws IOException {
        if (sessionFiles.isEmpty()) {
            throw new IllegalArgumentException("steady-step needs the session files the step offered");
        }
        long from = Long.parseLong(required(o, "from"));
        long to = Long.parseLong(required(o, "to"));
        List<SliceRun> slices = SliceRun.parseAll(Files.readString(Path.of(required(o, "slices")),
                StandardCharsets.ISO_8859_1));
        AccessLogSessions log = AccessLogSessions.read(Path.of(required(o, "access-log")),
                Long.parseLong(o.getOrDefault("timeout-ms", "10000")));
        SessionFileIndex index = SessionFileIndex.read(sessionFiles.stream().map(Path::of).toList());
        SteadyStep step = SteadyStep.of(Integer.parseInt(required(o, "block")), Double.parseDouble(required(o, "load")),
                required(o, "variant"), required(o, "commit"), slices, from, to, log.count(index, from, to),
                probeResult(o.get("probe")), Double.parseDouble(o.getOrDefault("machine-cpu", "NaN")));
        Path csv = Path.of(required(o, "csv"));
        if (!Files.exists(csv)) {
            Files.writeString(csv, SteadyStep.HEADER + "\n");
        }
        Files.writeString(csv, step.toCsv() + "\n", StandardOpenOption.APPEND);
        System.out.println(step.describe());
    }

    /** Samples the benchmarked connector's MBeans over JMX; see {@link JmxSampler}. */
    private static void compareBuilds(Map<String,String> o) throws IOException {
        BuildComparison comparison = new BuildComparison(BuildComparison.read(Path.of(required(o, "rounds-csv"))),
                new Bootstrap());
        String command = Files.readString(Path.of(required(o, "command")), StandardCharsets.UTF_8);
        Files.writeString(Path.of(required(o, "out")),
                comparison.summary(command, Double.parseDouble(o.getOrDefault("tolerance", "0.03"))),
                StandardCharsets.UTF_8);
    }

    private static void jmxSample(Map<String,String> o, List<String> columns) throws Exception {
        try (JmxSampler sampler = JmxSampler.connect(Integer.parseInt(required(o, "jmx-port")));
                PrintWriter out = new PrintWriter(Files.newBufferedWriter(Path.of(required(o, "out"))))) {
            sampler.sample(columns.stream().map(JmxSampler.Column::parse).toList(),
                    Integer.parseInt(required(o, "port")), Long.parseLong(o.getOrDefault("every-ms", "5000")),
                    Double.parseDouble(required(o, "seconds")), out);
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

    /** A probe that could not run costs the step its percentiles, not its httperf figures. */
    private static ProbeResult probeResult(String file) throws IOException {
        if (file == null) {
            return ProbeResult.NONE;
        }
        if (!Files.exists(Path.of(file))) {
            System.err.println("no quick-page probe result in " + file + "; the step is recorded without percentiles");
            return ProbeResult.NONE;
        }
        return ProbeResult.read(Path.of(file));
    }

    private static void probe(Map<String,String> o) throws IOException, InterruptedException {
        QuickPageProbe probe = new QuickPageProbe("127.0.0.1", Integer.parseInt(required(o, "port")),
                List.of(required(o, "paths").split(",")), Long.parseLong(o.getOrDefault("interval-ms", "250")),
                Integer.parseInt(o.getOrDefault("timeout-ms", "10000")));
        ProbeResult result = probe.run(Integer.parseInt(o.getOrDefault("clients", "4")),
                Double.parseDouble(required(o, "seconds")));
        Files.writeString(Path.of(required(o, "out")), result.toLine() + "\n");
        if (o.containsKey("timeline")) {
            List<String> lines = new ArrayList<>(List.of(ProbeAttempt.CSV_HEADER));
            probe.timeline().stream().sorted(Comparator.comparingDouble(ProbeAttempt::startedSeconds))
                    .map(ProbeAttempt::toCsv).forEach(lines::add);
            Files.write(Path.of(o.get("timeline")), lines);
        }
    }

    private static void summary(Map<String,String> o) throws IOException {
        double saturation = o.containsKey("saturation") ? Double.parseDouble(o.get("saturation")) : Double.NaN;
        Summary summary = new Summary(Summary.readCsv(Path.of(required(o, "csv"))), saturation);
        String notes = o.containsKey("notes") ? Files.readString(Path.of(o.get("notes"))) : "";
        summary.write(Path.of(required(o, "out")), required(o, "title"), required(o, "command"), notes);
    }

    private static String required(Map<String,String> options, String name) {
        String value = options.get(name);
        if (value == null) {
            throw new IllegalArgumentException("--" + name + " is required");
        }
        return value;
    }

    private static void usage() {
        System.err.println("usage: Main site-data|rubis-sessions|static-workload|step|summary|probe|steady-step|headline [options]; "
                + "see the class comment or docs/bench.md");
    }
}
