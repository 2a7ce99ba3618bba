package org.hybridconnector.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import org.hybridconnector.bench.wsesslog.SessionFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code rubis-sessions}: writes httperf session files of RUBiS sessions (or, with {@code --mix static},
 * Surge-like ones) and prints their names.
 */
@Command(name = "rubis-sessions", description = "Write RUBiS (or static) session files for httperf's --wsesslog.")
final class RubisSessionsCommand implements Callable<Integer> {

    @Mixin
    private SessionFileOptions sessions;

    @Option(names = "--prefix", paramLabel = "P", description = "The files' name before -1, -2, ... (default: the mix).")
    private String prefix;

    @Option(names = "--files", defaultValue = "1", paramLabel = "K")
    private int files;

    @Option(names = "--sessions", defaultValue = "1000", paramLabel = "N", description = "Sessions a file.")
    private int perFile;

    @Option(names = "--mark", paramLabel = "TAG", description = "Mark every request with its session (hs=TAG<k>.<n>).")
    private String mark;

    @Override
    public Integer call() throws Exception {
        List<Path> written = SessionFiles.write(sessions.out, prefix == null ? sessions.mix : prefix,
                sessions.source(), sessions.label(), sessions.seed, files, perFile, mark);
        written.forEach(System.out::println);
        return 0;
    }
}
