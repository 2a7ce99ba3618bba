package org.hybridconnector.bench;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import org.hybridconnector.bench.compare.VariantComparison;
import org.hybridconnector.bench.headline.Bootstrap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code compare-variants}: writes the summary of connectors run side by side; see {@link VariantComparison}. */
@Command(name = "compare-variants", description = "Write the summary of connectors compared round by round.")
final class CompareVariantsCommand implements Callable<Integer> {

    @Option(names = "--rounds-csv", required = true, paramLabel = "FILE", description = "Every round's runs.")
    private Path rounds;

    @Option(names = "--command", required = true, paramLabel = "FILE", description = "The command that ran, in a file.")
    private Path command;

    @Option(names = "--reference", required = true, paramLabel = "VARIANT", description = "What ratios are taken to.")
    private String reference;

    @Option(names = "--out", required = true, paramLabel = "FILE")
    private Path out;

    @Override
    public Integer call() throws Exception {
        VariantComparison comparison = new VariantComparison(VariantComparison.read(rounds), reference, new Bootstrap());
        Files.writeString(out, comparison.summary(Files.readString(command, StandardCharsets.UTF_8)),
                StandardCharsets.UTF_8);
        return 0;
    }
}
