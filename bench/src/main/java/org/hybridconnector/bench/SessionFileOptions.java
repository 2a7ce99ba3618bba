package org.hybridconnector.bench;

import java.io.IOException;
import java.nio.file.Path;

import org.hybridconnector.bench.rubis.SessionWalker;
import org.hybridconnector.bench.rubis.SiteData;
import org.hybridconnector.rubis.model.TransitionTable;
import picocli.CommandLine.Option;

/** The options of the commands that write RUBiS session files: which walk, over what data, into which directory. */
final class SessionFileOptions {

    @Option(names = "--mix", required = true, paramLabel = "M", description = "browsing or bidding.")
    String mix;

    @Option(names = "--site-data", required = true, paramLabel = "FILE", description = "What site-data wrote.")
    private Path siteData;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Where the session files go.")
    Path out;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "N")
    long seed;

    @Option(names = "--max-pages", defaultValue = "" + SessionWalker.ORIGINAL_MAX_PAGES, paramLabel = "N",
            description = "A session's most pages (the original client's).")
    private int maxPages;

    @Option(names = "--think-scale", defaultValue = "1", paramLabel = "F", description = "Think times times F.")
    private double thinkScale;

    /** The session walker of this mix over the site data. */
    SessionWalker walker() throws IOException {
        return new SessionWalker(TransitionTable.forMix(mix), SiteData.read(siteData), maxPages, thinkScale);
    }
}
