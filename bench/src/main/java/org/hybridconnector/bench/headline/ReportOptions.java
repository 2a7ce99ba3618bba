package org.hybridconnector.bench.headline;

import java.nio.file.Path;

import picocli.CommandLine.Option;

/** The options both headline reports take: where the report goes, the command it names, the bootstrap's resamples. */
final class ReportOptions {

    @Option(names = "--out", required = true, paramLabel = "DIR")
    private Path out;

    @Option(names = "--command", required = true, paramLabel = "C", description = "The command that ran, as quoted.")
    private String command;

    @Option(names = "--resamples", defaultValue = "" + Bootstrap.DEFAULT_RESAMPLES, paramLabel = "N",
            description = "Bootstrap resamples.")
    private int resamples;

    Path out() {
        return out;
    }

    String command() {
        return command;
    }

    Bootstrap bootstrap() {
        return new Bootstrap(resamples, Bootstrap.DEFAULT_SEED);
    }
}
