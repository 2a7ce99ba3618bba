package org.hybridconnector.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.hybridconnector.bench.rubis.SessionWalker;
import org.hybridconnector.bench.rubis.SiteData;
import org.hybridconnector.bench.surge.StaticWorkload;
import org.hybridconnector.bench.surge.SurgeModel;
import org.hybridconnector.bench.wsesslog.SessionSource;
import org.hybridconnector.rubis.model.TransitionTable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The options of the commands that write session files: which sessions (a RUBiS mix's walk over the
 * site's data, or Surge-like visits to a static file set), into which directory.
 */
final class SessionFileOptions {

    /**
     * The seed bench/sessions draws the static file set with ({@code static-workload --file-seed 1}); the
     * sessions' mean objects, estimated from it, then match the stepped runs'.
     */
    private static final long SURGE_FILE_SEED = 1;

    @Spec(Spec.Target.MIXEE)
    private CommandSpec spec;

    @Option(names = "--mix", required = true, paramLabel = "M",
            description = "browsing or bidding, or static for Surge-like sessions over --surge-files.")
    String mix;

    @Option(names = "--site-data", paramLabel = "FILE", description = "What site-data wrote (RUBiS mixes).")
    private Path siteData;

    @Option(names = "--surge-files", paramLabel = "DIR",
            description = "The file set static-workload wrote, <n>.txt from 0 (--mix static).")
    private Path surgeFiles;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Where the session files go.")
    Path out;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "N")
    long seed;

    @Option(names = "--max-pages", defaultValue = "" + SessionWalker.ORIGINAL_MAX_PAGES, paramLabel = "N",
            description = "A RUBiS session's most pages (the original client's).")
    private int maxPages;

    @Option(names = "--think-scale", defaultValue = "1", paramLabel = "F",
            description = "Think times (static: OFF times) times F.")
    private double thinkScale;

    /** What the sessions are, for the session files' comment. */
    String label() {
        return isStatic() ? "Surge-like static sessions" : "RUBiS " + mix + " mix";
    }

    /** The sessions of the chosen mix; a missing or misplaced option is a ParameterException that names it. */
    SessionSource source() throws IOException {
        if (isStatic()) {
            refuse(siteData != null, "--site-data is for the RUBiS mixes, not --mix static");
            refuse(surgeFiles == null, "--mix static needs --surge-files, the file set its sessions visit");
            StaticWorkload files = new StaticWorkload(SurgeModel.defaults(), fileCount(), SURGE_FILE_SEED);
            return random -> files.session(random, "/surge/", thinkScale);
        }
        refuse(surgeFiles != null, "--surge-files is for --mix static, not the RUBiS mix " + mix);
        refuse(siteData == null, "--mix " + mix + " needs --site-data, the data its sessions walk over");
        return walker()::session;
    }

    /** The RUBiS session walker of this mix over the site data. */
    private SessionWalker walker() throws IOException {
        return new SessionWalker(TransitionTable.forMix(mix), SiteData.read(siteData), maxPages, thinkScale);
    }

    private boolean isStatic() {
        return mix.equals("static");
    }

    /** The files 0.txt to (n-1).txt that static-workload wrote; a gap means another tool's directory. */
    private int fileCount() throws IOException {
        refuse(!Files.isDirectory(surgeFiles), "--surge-files " + surgeFiles + " is not a directory");
        long count;
        try (Stream<Path> files = Files.list(surgeFiles)) {
            count = files.filter(f -> f.getFileName().toString().matches("[0-9]+\\.txt")).count();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        refuse(count == 0 || !Files.exists(surgeFiles.resolve("0.txt"))
                || !Files.exists(surgeFiles.resolve((count - 1) + ".txt")),
                "--surge-files " + surgeFiles + " does not hold 0.txt onwards, as static-workload writes them");
        return (int) count;
    }

    private void refuse(boolean bad, String message) {
        if (bad) {
            throw new ParameterException(spec.commandLine(), message);
        }
    }
}
