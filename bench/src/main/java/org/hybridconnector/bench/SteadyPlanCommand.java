package org.hybridconnector.bench;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.hybridconnector.bench.steady.SteadyPlan;
import org.hybridconnector.bench.wsesslog.SessionFiles;
import org.hybridconnector.bench.wsesslog.SessionSource;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code steady-plan}: writes the session files a steady step needs (once: every variant and block
 * is offered the same sessions) and prints its slices, one line each: offset in seconds, the rate of
 * its process (its lane's share of the segment's), sessions, session file.
 */
@Command(name = "steady-plan", description = "Write a steady step's session files and print its slices.")
final class SteadyPlanCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    /** Kept as written: it names the session files. */
    @Option(names = "--load", required = true, paramLabel = "R", description = "New sessions/s in the interval.")
    private String load;

    @Option(names = "--ramp-up", required = true, paramLabel = "S")
    private Integer rampUp;

    @Option(names = "--warm-up", required = true, paramLabel = "S")
    private Integer warmUp;

    @Option(names = "--interval", required = true, paramLabel = "S", description = "The measured interval.")
    private Integer interval;

    @Option(names = "--tail", required = true, paramLabel = "S")
    private Integer tail;

    @Mixin
    private SessionFileOptions sessions;

    @Override
    public Integer call() throws Exception {
        SteadyPlan plan = new SteadyPlan(rate(), rampUp, warmUp, interval, tail);
        SessionSource source = sessions.source();
        Path out = sessions.out;
        PrintWriter lines = spec.commandLine().getOut();
        for (SteadyPlan.Segment segment : plan.segments()) {
            List<SteadyPlan.Slice> slices = segment.slices();
            if (slices.isEmpty()) {
                continue;
            }
            String prefix = "steady-" + sessions.mix + "-" + segment.tag() + "-" + load + "-" + segment.sessionsPerFile();
            if (!Files.exists(out.resolve(prefix + "-" + slices.size() + ".wsesslog"))) {
                SessionFiles.write(out, prefix, source, sessions.label(), sessions.seed + segment.seedOffset(),
                        slices.size(), segment.sessionsPerFile(), segment.tag());
            }
            for (SteadyPlan.Slice slice : slices) {
                lines.printf(Locale.ROOT, "%d %s %d %s%n", slice.offsetSeconds(), segment.laneRate(),
                        slice.sessions(), out.resolve(prefix + "-" + slice.index() + ".wsesslog"));
            }
        }
        lines.flush();
        return 0;
    }

    private double rate() {
        try {
            return Double.parseDouble(load);
        } catch (NumberFormatException e) {
            throw new ParameterException(spec.commandLine(),
                    "Invalid value for option '--load': '" + load + "' is not a double");
        }
    }
}
