package org.hybridconnector.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import org.hybridconnector.bench.report.Summary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code summary}: writes a stepped run's report from its steps' CSV; see {@link Summary}. */
@Command(name = "summary", description = "Write a stepped run's report (summary.md, plots) from its steps' CSV.")
final class SummaryCommand implements Callable<Integer> {

    @Option(names = "--csv", required = true, paramLabel = "FILE")
    private Path csv;

    @Option(names = "--out", required = true, paramLabel = "DIR")
    private Path out;

    @Option(names = "--title", required = true, paramLabel = "T")
    private String title;

    @Option(names = "--command", required = true, paramLabel = "C", description = "The command that ran, as quoted.")
    private String command;

    @Option(names = "--notes", paramLabel = "FILE", description = "Markdown to add to the report.")
    private Path notes;

    @Option(names = "--saturation", defaultValue = "NaN", paramLabel = "R",
            description = "The saturation an earlier run measured (NaN: this run's own).")
    private double saturation;

    @Override
    public Integer call() throws Exception {
        Summary summary = new Summary(Summary.readCsv(csv), saturation);
        summary.write(out, title, command, notes == null ? "" : Files.readString(notes));
        return 0;
    }
}
