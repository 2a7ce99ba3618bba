package org.hybridconnector.bench;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import org.hybridconnector.bench.compare.BuildComparison;
import org.hybridconnector.bench.headline.Bootstrap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code compare-builds}: writes the summary of {@code bench/compare-builds}' rounds; see {@link BuildComparison}. */
@Command(name = "compare-builds", description = "Write the summary of two builds compared round by round.")
final class CompareBuildsCommand implements Callable<Integer> {

    @Option(names = "--rounds-csv", required = true, paramLabel = "FILE", description = "Every round's runs.")
    private Path rounds;

    @Option(names = "--command", required = true, paramLabel = "FILE", description = "The command that ran, in a file.")
    private Path command;

    @Option(names = "--out", required = true, paramLabel = "FILE")
    private Path out;

    @Option(names = "--tolerance", defaultValue = "0.03", paramLabel = "F",
            description = "How far B may be from A: 0.03 for 3 %.")
    private double tolerance;

    @Override
    public Integer call() throws Exception {
        BuildComparison comparison = new BuildComparison(BuildComparison.read(rounds), new Bootstrap());
        String ran = Files.readString(command, StandardCharsets.UTF_8);
        Files.writeString(out, comparison.summary(ran, tolerance), StandardCharsets.UTF_8);
        return 0;
    }
}
