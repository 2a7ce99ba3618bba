package org.hybridconnector.bench;

import org.hybridconnector.bench.headline.HeadlineCommand;
import org.hybridconnector.bench.headline.PooledHeadlineCommand;
import org.hybridconnector.bench.steady.AccessLogSessions;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The benchmark's Java tool: {@code bench/run} and the scripts beside it call
 * {@code Main COMMAND --option value... [FILE...]}, one subcommand a job (session files, a step's
 * record, the quick-page probe, JMX samples, the reports, two builds compared).
 * {@code Main COMMAND --help} lists a command's options.
 */
@Command(name = "Main", description = "The benchmark's session files, step records, probe and reports.",
        scope = ScopeType.INHERIT, showDefaultValues = true,
        subcommands = { SessionsSettingsCommand.class, SetupNotesCommand.class, SiteDataCommand.class,
                RubisSessionsCommand.class, StaticWorkloadCommand.class, StepCommand.class, ProbeCommand.class,
                SummaryCommand.class, SteadyPlanCommand.class, SteadyStepCommand.class, JmxSampleCommand.class,
                PolicySeriesCommand.class, PolicyPlotsCommand.class, StepCountersCommand.class,
                StepLedgerCommand.class, HeadlineCommand.class, PooledHeadlineCommand.class,
                CompareBuildsCommand.class, CompareVariantsCommand.class, FootprintCommand.class,
                FootprintReportCommand.class, ClusterSummaryCommand.class })
public final class Main implements Runnable {

    @Option(names = { "-h", "--help" }, usageHelp = true, scope = ScopeType.INHERIT, description = "Show this help.")
    private boolean help;

    @Spec
    private CommandSpec spec;

    public static void main(String[] args) {
        int status = commandLine().execute(args);
        if (status != 0) {
            System.exit(status);
        }
    }

    /**
     * The command line as the scripts write it: a repeated option's last value wins, and an argument
     * that starts with {@code @} is a file name, not a file of arguments.
     */
    public static CommandLine commandLine() {
        return new CommandLine(new Main()).setOverwrittenOptionsAllowed(true).setExpandAtFiles(false);
    }

    /** No command: the usage, on standard error. */
    @Override
    public void run() {
        spec.commandLine().usage(System.err);
    }

    @Command(name = "access-log-pattern", description = "Print the AccessLogValve pattern steady-step reads.")
    void accessLogPattern() {
        System.out.println(AccessLogSessions.PATTERN);
    }
}
