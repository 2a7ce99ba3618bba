package org.hybridconnector.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * Turns the step records of one run into its report: per variant and load, the median over
 * repeats (with the spread), ratios of the hybrid to every other variant at each load, the data
 * files and the gnuplot script for the plots, and the markdown summary with the exact command.
 */
public final class Summary {

    /** The variant every ratio compares with. */
    static final String REFERENCE = "hybrid";

    private final List<StepRecord> records;
    private final List<String> variants;
    private final TreeSet<Double> loads = new TreeSet<>();
    /** Saturation measured by an earlier run, or {@code NaN} to find it in this run's loads. */
    private final double givenSaturation;

    public Summary(List<StepRecord> records) {
        this(records, Double.NaN);
    }

    /**
     * A summary that compares at multiples of {@code givenSaturation}, a load an earlier run found
     * saturating, for runs that offer only loads past it (and so cannot find it themselves).
     */
    public Summary(List<StepRecord> records, double givenSaturation) {
        if (records.isEmpty()) {
            throw new IllegalArgumentException("no step records");
        }
        if (!Double.isNaN(givenSaturation) && !(givenSaturation > 0)) {
            throw new IllegalArgumentException("saturation load must be positive: " + givenSaturation);
        }
        this.records = List.copyOf(records);
        this.variants = records.stream().map(StepRecord::variant).distinct().toList();
        this.givenSaturation = givenSaturation;
        records.forEach(r -> loads.add(r.offeredRate()));
    }

    public static List<StepRecord> readCsv(Path csv) throws IOException {
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        if (lines.isEmpty() || !(lines.get(0).equals(StepRecord.HEADER)
                || lines.get(0).equals(StepRecord.HEADER_WITHOUT_DATABASE)
                || lines.get(0).equals(StepRecord.HEADER_WITHOUT_WINDOW))) {
            throw new IOException(csv + " does not start with the step header");
        }
        return lines.stream().skip(1).filter(l -> !l.isBlank()).map(StepRecord::fromCsv).toList();
    }

    /** A figure's median and range over the repeats of one variant at one load. */
    public record Spread(double median, double min, double max, int runs) {
        String format(String pattern) {
            if (runs == 0 || Double.isNaN(median)) {
                return "–";
            }
            String m = String.format(Locale.ROOT, pattern, median);
            return runs == 1 ? m : m + " (" + String.format(Locale.ROOT, pattern, min) + "–" +
                    String.format(Locale.ROOT, pattern, max) + ")";
        }
    }

    public Spread spread(String variant, double load, ToDoubleFunction<StepRecord> figure) {
        double[] values = runs(variant, load).mapToDouble(figure).filter(v -> !Double.isNaN(v)).sorted().toArray();
        if (values.length == 0) {
            return new Spread(Double.NaN, Double.NaN, Double.NaN, 0);
        }
        return new Spread(median(values), values[0], values[values.length - 1], values.length);
    }

    /** Whether the variant ran at this load at all (a run cut short may lack some of its cells). */
    boolean measured(String variant, double load) {
        return runs(variant, load).findAny().isPresent();
    }

    static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /**
     * The saturation load: the highest offered load the server still carried (the best variant
     * completed at least 90 % of the sessions offered, median) with a load above it that it no
     * longer carried. If the best variant fell short already at the lowest load, that load, where
     * saturation is at or below ({@link #saturatedAtLowestLoad()}); {@code NaN} if every load was
     * carried. Multiples of it ("2x saturation") are what the findings compare at. A saturation
     * given to the constructor overrides all this.
     */
    public double saturationLoad() {
        if (!Double.isNaN(givenSaturation)) {
            return givenSaturation;
        }
        double carried = Double.NaN;
        for (double load : loads) {
            if (bestCompleted(load) < 0.9 * load) {
                return Double.isNaN(carried) ? load : carried;
            }
            carried = load;
        }
        return Double.NaN;
    }

    /** Whether even the lowest load was past saturation, so that saturation lies at or below it. */
    public boolean saturatedAtLowestLoad() {
        if (!Double.isNaN(givenSaturation)) {
            return false;
        }
        double lowest = loads.first();
        return bestCompleted(lowest) < 0.9 * lowest;
    }

    private double bestCompleted(double load) {
        return variants.stream().mapToDouble(v -> spread(v, load, StepRecord::completedPerSecond).median())
                .filter(x -> !Double.isNaN(x)).max().orElse(Double.NaN);
    }

    /**
     * The tested load that is {@code multiple} times saturation, give or take 15 %, or {@code NaN} if
     * none was tested.
     */
    public double loadAt(double saturation, double multiple) {
        double wanted = saturation * multiple;
        return loads.stream().filter(l -> Math.abs(l - wanted) <= 0.15 * wanted)
                .min((a, b) -> Double.compare(Math.abs(a - wanted), Math.abs(b - wanted))).orElse(Double.NaN);
    }

    /** Writes {@code summary.md}, {@code plot-<variant>.dat} and {@code plots.gp} into {@code directory}. */
    public void write(Path directory, String title, String command, String notes) throws IOException {
        Files.createDirectories(directory);
        for (String variant : variants) {
            StringBuilder dat = new StringBuilder(
                    "# offered_sess_s completed_sess_s reply_rate response_ms lifetime_s failed_sess_s\n");
            for (double load : loads) {
                dat.append(String.format(Locale.ROOT, "%.3f %s %s %s %s %s%n", load,
                        plain(spread(variant, load, StepRecord::completedPerSecond)),
                        plain(spread(variant, load, StepRecord::replyRate)),
                        plain(spread(variant, load, StepRecord::responseMillis)),
                        plain(spread(variant, load, StepRecord::lifetimeSeconds)),
                        plain(spread(variant, load, StepRecord::failedPerSecond))));
            }
            Files.writeString(directory.resolve("plot-" + variant + ".dat"), dat.toString());
        }
        Files.writeString(directory.resolve("plots.gp"), gnuplotScript(title));
        Files.writeString(directory.resolve("summary.md"), markdown(title, command, notes));
    }

    private static String plain(Spread spread) {
        return Double.isNaN(spread.median()) ? "NaN" : String.format(Locale.ROOT, "%.3f", spread.median());
    }

    String gnuplotScript(String title) {
        String[][] plots = { { "sessions.png", "2", "completed sessions/s" }, { "replies.png", "3", "replies/s" },
                { "response.png", "4", "mean response time (ms)" }, { "lifetime.png", "5",
                        "lifetime of completed sessions (s)" } };
        StringBuilder gp = new StringBuilder("# Generated with the report; run: gnuplot plots.gp\n");
        gp.append("set terminal pngcairo size 900,560 noenhanced\nset grid\nset key top left\n");
        gp.append("set xlabel 'offered load (new sessions/s)'\n");
        for (String[] plot : plots) {
            gp.append("set output '").append(plot[0]).append("'\n");
            gp.append("set title '").append(title.replace("'", "")).append(": ").append(plot[2]).append("'\n");
            gp.append("set ylabel '").append(plot[2]).append("'\n");
            gp.append("plot ");
            // gnuplot has eight colours; from the ninth variant on the colours repeat, so the lines are dashed.
            gp.append(IntStream.range(0, variants.size()).mapToObj(i -> "'plot-" + variants.get(i) + ".dat' using 1:"
                    + plot[1] + " with linespoints lw 2 dt " + (1 + i / 8) + " title '" + variants.get(i) + "'")
                    .collect(Collectors.joining(", ")));
            if (plot[0].equals("sessions.png")) {
                gp.append(", x with lines dt 2 lc rgb 'gray' title 'offered'");
            }
            gp.append("\n");
        }
        return gp.toString();
    }

    String markdown(String title, String command, String notes) {
        StringBuilder md = new StringBuilder("# ").append(title).append("\n\n");
        md.append("Command:\n\n```\n").append(command).append("\n```\n\n");
        if (!notes.isBlank()) {
            md.append(notes.strip()).append("\n\n");
        }
        Map<String,String> jvms = new LinkedHashMap<>();
        records.forEach(r -> jvms.putIfAbsent(r.variant(), r.jvm()));
        md.append("Variants and the JVM each ran on: ");
        md.append(jvms.entrySet().stream().map(e -> "`" + e.getKey() + "` (" + e.getValue() + ")")
                .collect(Collectors.joining(", "))).append(".\n\n");
        int repeats = records.stream().mapToInt(StepRecord::repeat).max().orElse(1);
        double window = records.get(0).windowSeconds();
        md.append(String.format(Locale.ROOT, "Each step offered new sessions for %.0f s; %d run(s) per load and "
                + "variant, variants interleaved. Cells show the median over runs and, with several runs, the range. "
                + "Rates per second divide by the %.0f s window.%n%n", window, repeats, window));
        double saturation = saturationLoad();
        if (Double.isNaN(saturation)) {
            md.append("No load saturated the server: at every load some variant completed ≥ 90 % of the sessions "
                    + "offered.\n\n");
        } else if (!Double.isNaN(givenSaturation)) {
            md.append(String.format(Locale.ROOT, "Saturation: **%.1f new sessions/s**, as measured by an earlier run "
                    + "(given to the report with --saturation; this run's loads are multiples of it).%n%n",
                    saturation));
        } else if (saturatedAtLowestLoad()) {
            md.append(String.format(Locale.ROOT, "Saturation: **at or below %.1f new sessions/s**, the lowest load "
                    + "tested (no variant completed 90 %% of the sessions offered there); multiples below count from "
                    + "it.%n%n", saturation));
        } else {
            md.append(String.format(Locale.ROOT, "Saturation: **%.1f new sessions/s**, the highest load at which the "
                    + "best variant still completed 90 %% of the sessions offered (at the next load up none did).%n%n",
                    saturation));
        }
        findings(md, saturation);
        new PolicyTargets(this).append(md, saturation);
        table(md, "Completed sessions/s", StepRecord::completedPerSecond, "%.2f", true);
        table(md, "Failed sessions/s", StepRecord::failedPerSecond, "%.2f", false);
        table(md, "Replies/s", StepRecord::replyRate, "%.1f", true);
        boolean windowRead = records.stream().anyMatch(r -> r.inWindow().requestsServed() >= 0);
        if (windowRead) {
            table(md, "Requests served per second while sessions were offered (Tomcat's request count over the "
                    + "window alone: the grace, where crawling sessions are still served, left out)",
                    StepRecord::servedRateInWindow, "%.1f", true);
        }
        if (records.stream().anyMatch(r -> r.inWindow().dbRowsRead() >= 0)) {
            table(md, "Database rows read per second while sessions were offered (MariaDB's Rows_read over the "
                    + "window: the database's work, which a server that serves whole sessions spends on fewer, "
                    + "heavier requests)", r -> r.inWindow().dbRowsRead() < 0 ? Double.NaN
                            : r.inWindow().dbRowsRead() / r.windowSeconds(), "%.0f", true);
            table(md, "Database rows read per request served in the window", r -> r.inWindow().rowsReadPerRequest(),
                    "%.1f", false);
            table(md, "Database statements per request served in the window (MariaDB's Questions, the pool's "
                    + "validation queries included)", r -> r.inWindow().statementsPerRequest(), "%.2f", false);
        }
        table(md, "Mean response time (ms, first byte)", StepRecord::responseMillis, "%.0f", false);
        if (records.stream().anyMatch(r -> r.quickPages().samples() > 0)) {
            table(md, "Quick pages: median response time (ms)", r -> r.quickPages().p50Millis(), "%.0f", false);
            table(md, "Quick pages: 99th percentile response time (ms)", r -> r.quickPages().p99Millis(), "%.0f",
                    false);
            table(md, "Quick pages: probe replies (time-outs and broken connections count as 10 s; 503s are not "
                    + "replies)", r -> r.quickPages().samples(), "%.0f", false);
        }
        table(md, "Lifetime of completed sessions (s)", StepRecord::lifetimeSeconds, "%.1f", false);
        table(md, "Sessions abandoned after being served (failed after a reply that was not a 503)",
                r -> r.abandoned() / r.windowSeconds(), "%.2f", false);
        table(md, "Sessions turned away with a 5xx reply, per second", r -> r.turnedAway() / r.windowSeconds(), "%.2f",
                false);
        table(md, "Client time-outs (httperf client-timo)", r -> r.clientTimeouts(), "%.0f", false);
        table(md, "Connection resets seen by the client (httperf connreset)", r -> r.connReset(), "%.0f", false);
        table(md, "Reconnects (connections beyond one per session)", r -> r.reconnects(), "%.0f", false);
        table(md, "Replies httperf could not parse as HTTP (a framing error: bytes where a status line should be)",
                r -> r.unparsableReplies(), "%.0f", false);
        table(md, "Connections the server closed by its own counters (hybrid: idle time-outs; blocking: keep-alive "
                + "switched off + idle time-outs; – no such counter)",
                r -> r.serverClosed() < 0 ? Double.NaN : r.serverClosed(), "%.0f", false);
        table(md, "Sessions unfinished when the step's time bound stopped httperf", r -> r.unfinished(), "%.0f",
                false);
        table(md, "Tomcat CPU (% of one core)", StepRecord::serverCpuPercent, "%.0f", false);
        table(md, "httperf CPU (% of one core, all processes, as httperf reports it)", StepRecord::clientCpuPercent,
                "%.0f", false);
        table(md, "CPU used by other processes on this shared machine during the step (% of one core)",
                StepRecord::otherCpuPercent, "%.0f", false);
        if (windowRead) {
            table(md, "Machine CPU while sessions were offered (% of one core, all CPUs, the window alone)",
                    r -> r.inWindow().machineCpuPercent(), "%.0f", false);
        }
        List<String> limited = records.stream().filter(r -> r.clientLimited() > 0)
                .map(r -> String.format(Locale.ROOT, "%s at %.1f run %d (%d)", r.variant(), r.offeredRate(), r.repeat(),
                        r.clientLimited()))
                .toList();
        md.append(limited.isEmpty() ? "httperf never ran out of descriptors or ports (fd-unavail, addrunavail, ftab-full all 0).\n"
                : "**Warning:** httperf ran out of descriptors or ports in these steps, which are not valid (the count "
                        + "in brackets): " + String.join(", ", limited) + ".\n");
        md.append("\nPlots: `sessions.png`, `replies.png`, `response.png`, `lifetime.png`; every step: `steps.csv`.\n");
        return md.toString();
    }

    /**
     * The comparison the paper makes, in words: at the saturation load and at the tested loads
     * twice and three times it, how many sessions the hybrid completed per session another variant
     * completed, and what that says. Computed, so that it can be wrong only if the data is.
     */
    void findings(StringBuilder md, double saturation) {
        if (Double.isNaN(saturation) || !variants.contains(REFERENCE) || variants.size() < 2) {
            return;
        }
        List<Double> points = Stream.of(1.0, 2.0, 3.0).map(m -> loadAt(saturation, m)).filter(l -> !Double.isNaN(l))
                .distinct().filter(l -> measured(REFERENCE, l))
                .filter(l -> variants.stream().anyMatch(v -> !v.equals(REFERENCE) && measured(v, l))).toList();
        if (points.isEmpty()) {
            return;
        }
        md.append("## Findings\n\n");
        for (double load : points) {
            double hybrid = spread(REFERENCE, load, StepRecord::completedPerSecond).median();
            md.append(String.format(Locale.ROOT, "- At %.1f new sessions/s (%.1fx saturation) the hybrid completed "
                    + "%.2f sessions/s: ", load, load / saturation, hybrid));
            List<String> parts = new ArrayList<>();
            for (String other : variants) {
                if (other.equals(REFERENCE) || !measured(other, load)) {
                    continue;
                }
                double value = spread(other, load, StepRecord::completedPerSecond).median();
                parts.add(String.format(Locale.ROOT, "%s %.2f (hybrid/%s %s%s)", other, value, other,
                        value > 0 ? String.format(Locale.ROOT, "%.2f", hybrid / value) : "–",
                        clientLimited(other, load) ? "; not valid: httperf ran out of descriptors" : ""));
            }
            md.append(String.join(", ", parts)).append(".\n");
        }
        double worstOther = Double.MAX_VALUE;
        double top = points.get(points.size() - 1);
        for (String other : variants) {
            if (!other.equals(REFERENCE) && measured(other, top)) {
                worstOther = Math.min(worstOther, spread(REFERENCE, top, StepRecord::completedPerSecond).median()
                        / spread(other, top, StepRecord::completedPerSecond).median());
            }
        }
        md.append(String.format(Locale.ROOT, "- %s%n", worstOther > 1.1
                ? "Past saturation the hybrid completed more sessions per second than every other variant here."
                : worstOther >= 0.9 ? "Past saturation the hybrid completed about as many sessions per second as the best other variant."
                        : "Past saturation another variant completed more sessions per second than the hybrid."));
        int repeats = records.stream().mapToInt(StepRecord::repeat).max().orElse(1);
        if (repeats < 3) {
            md.append("- One run per point: this machine is shared and noisy, so these are indications, not "
                    + "conclusions (full mode repeats every point three times).\n");
        }
        md.append('\n');
    }

    /** Whether httperf ran out of descriptors or ports in any run of this variant at this load. */
    private boolean clientLimited(String variant, double load) {
        return runs(variant, load).anyMatch(r -> r.clientLimited() > 0);
    }

    /** The steps of every run of one variant at one load. */
    private Stream<StepRecord> runs(String variant, double load) {
        return records.stream().filter(r -> r.variant().equals(variant) && r.offeredRate() == load);
    }

    private void table(StringBuilder md, String heading, ToDoubleFunction<StepRecord> figure, String pattern,
            boolean ratios) {
        md.append("## ").append(heading).append("\n\n| offered sess/s |");
        variants.forEach(v -> md.append(' ').append(v).append(" |"));
        List<String> others = variants.stream().filter(v -> !v.equals(REFERENCE)).toList();
        boolean withRatios = ratios && variants.contains(REFERENCE);
        if (withRatios) {
            others.forEach(v -> md.append(" hybrid / ").append(v).append(" |"));
        }
        md.append("\n|---|");
        md.append("---|".repeat(variants.size() + (withRatios ? others.size() : 0)));
        md.append('\n');
        for (double load : loads) {
            md.append(String.format(Locale.ROOT, "| %.1f |", load));
            for (String variant : variants) {
                md.append(' ').append(spread(variant, load, figure).format(pattern)).append(" |");
            }
            if (withRatios) {
                double reference = spread(REFERENCE, load, figure).median();
                for (String other : others) {
                    double value = spread(other, load, figure).median();
                    md.append(' ').append(value > 0 && !Double.isNaN(reference)
                            ? String.format(Locale.ROOT, "%.2f", reference / value) : "–").append(" |");
                }
            }
            md.append('\n');
        }
        md.append('\n');
    }

    /** Variants in first-seen order. */
    public List<String> variants() {
        return variants;
    }

    /** Loads, lowest first. */
    public List<Double> loads() {
        return new ArrayList<>(loads);
    }
}
