package org.hybridconnector.bench;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import org.hybridconnector.bench.surge.StaticWorkload;
import org.hybridconnector.bench.surge.SurgeModel;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code static-workload}: writes a Surge-like file set and a session file over it. The file set
 * comes from {@code --file-seed}, the sessions from {@code --seed}: one file set, many session files.
 */
@Command(name = "static-workload", description = "Write a Surge-like file set and a session file for it.")
final class StaticWorkloadCommand implements Callable<Integer> {

    @Option(names = "--docroot", required = true, paramLabel = "DIR", description = "Where the files go.")
    private Path docroot;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "The session file.")
    private Path out;

    @Option(names = "--files", defaultValue = "1000", paramLabel = "M")
    private int files;

    @Option(names = "--file-seed", defaultValue = "1", paramLabel = "N")
    private long fileSeed;

    @Option(names = "--sessions", defaultValue = "1000", paramLabel = "N")
    private int sessions;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "N")
    private long seed;

    @Option(names = "--url-prefix", defaultValue = "/surge/", paramLabel = "P")
    private String urlPrefix;

    @Option(names = "--off-scale", defaultValue = "1", paramLabel = "F", description = "OFF times times F.")
    private double offScale;

    @Override
    public Integer call() throws Exception {
        StaticWorkload workload = new StaticWorkload(SurgeModel.defaults(), files, fileSeed);
        workload.writeFiles(docroot);
        workload.writeSessions(out, sessions, seed, urlPrefix, offScale);
        return 0;
    }
}
