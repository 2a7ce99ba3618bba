package org.hybridconnector.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import org.hybridconnector.bench.rubis.SiteData;
import org.hybridconnector.bench.run.MachineFacts;
import org.hybridconnector.bench.run.MariaDbFacts;
import org.hybridconnector.bench.run.Mode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code setup-notes}: writes the set-up a run's report states ({@link SetupNotes}), given the run's
 * own command line (the options of {@code bench/run sessions}) and what only the runner knows: the
 * Tomcat, the build, and where the data set is.
 */
@Command(name = "setup-notes", showDefaultValues = false,
        description = "Write the set-up of a bench/run sessions run: setup.md of a steady run, the notes of a"
                + " stepped one.")
final class SetupNotesCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private RunOptions run;

    @Option(names = "--tomcat-version", required = true, paramLabel = "V")
    private String tomcatVersion;

    @Option(names = "--built-commit", required = true, paramLabel = "REV")
    private String builtCommit;

    @Option(names = "--site-data", paramLabel = "FILE", description = "What site-data wrote (RUBiS).")
    private Path siteData;

    @Option(names = "--surge-files", paramLabel = "DIR", description = "The static workload's file set.")
    private Path surgeFiles;

    @Option(names = "--mariadb-url", paramLabel = "URL", description = "The run's MariaDB database (user root).")
    private String mariadbUrl;

    @Option(names = "--notes-out", required = true, paramLabel = "FILE")
    private Path notesOut;

    @Override
    public Integer call() throws Exception {
        run.resolve();
        boolean rubis = run.workload.equals("rubis");
        if (rubis ? siteData == null : surgeFiles == null) {
            throw new ParameterException(spec.commandLine(), rubis ? "RUBiS notes need --site-data"
                    : "the static workload's notes need --surge-files");
        }
        MariaDbFacts database = rubis && run.db.equals("mariadb") && mariadbUrl != null
                ? MariaDbFacts.read(mariadbUrl, "root") : null;
        String dataSet = rubis ? SiteData.read(siteData).openItems().size() + " open auctions" : size(surgeFiles);
        SetupNotes notes = new SetupNotes(run, MachineFacts.read(), tomcatVersion, builtCommit, database, dataSet);
        Files.writeString(notesOut, run.mode == Mode.STEADY ? notes.steady() : notes.stepped());
        return 0;
    }

    /** The files' size in MiB, to one decimal. */
    private static String size(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            long bytes = 0;
            for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                bytes += Files.size(file);
            }
            return String.format(Locale.ROOT, "%.1f MiB", bytes / (1024.0 * 1024));
        }
    }
}
