package org.hybridconnector.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.hybridconnector.bench.probe.ProbeResult;
import picocli.CommandLine.Option;

/** {@code --probe FILE}: the quick-page probe's result a step's record carries. */
final class ProbeFileOption {

    @Option(names = "--probe", paramLabel = "FILE", description = "What the probe command wrote for this step.")
    private Path file;

    /** A probe that could not run costs the step its percentiles, not its other figures. */
    ProbeResult result() throws IOException {
        return result(file);
    }

    /** The result in {@code file}, or {@link ProbeResult#NONE} where there is none. */
    static ProbeResult result(Path file) throws IOException {
        if (file == null) {
            return ProbeResult.NONE;
        }
        if (!Files.exists(file)) {
            System.err.println("no quick-page probe result in " + file + "; the step is recorded without percentiles");
            return ProbeResult.NONE;
        }
        return ProbeResult.read(file);
    }
}
