package org.hybridconnector.bench.wsesslog;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Writes session files for httperf: {@code files} files of {@code sessions} sessions each,
 * one per httperf process, all from one seed (file {@code k} uses its own stream split off it),
 * so the same arguments always give the same files. With a marker, file {@code k}'s sessions
 * are marked {@code <marker><k>.<n>} (see {@link WsesslogWriter}).
 */
public final class SessionFiles {

    private SessionFiles() {
    }

    /** @param label what the sessions are, for the files' first comment line ("RUBiS bidding mix") */
    public static List<Path> write(Path directory, String prefix, SessionSource source, String label, long seed,
            int files, int sessions) throws IOException {
        return write(directory, prefix, source, label, seed, files, sessions, null);
    }

    public static List<Path> write(Path directory, String prefix, SessionSource source, String label, long seed,
            int files, int sessions, String marker) throws IOException {
        Files.createDirectories(directory);
        SplittableRandom root = new SplittableRandom(seed);
        List<Path> written = new ArrayList<>();
        for (int k = 0; k < files; k++) {
            SplittableRandom random = root.split();
            List<List<Burst>> all = new ArrayList<>();
            long pages = 0;
            long requests = 0;
            for (int s = 0; s < sessions; s++) {
                List<Burst> session = source.session(random);
                all.add(session);
                pages += session.size();
                requests += session.stream().mapToInt(Burst::requests).sum();
            }
            Path file = directory.resolve(String.format(Locale.ROOT, "%s-%d.wsesslog", prefix, k + 1));
            String comment = String.format(Locale.ROOT,
                    "%s, seed %d, file %d of %d: %d sessions, %.1f pages and %.1f requests per session",
                    label, seed, k + 1, files, sessions, (double) pages / sessions, (double) requests / sessions);
            try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                WsesslogWriter.write(out, comment, all, marker == null ? null : marker + (k + 1));
            }
            written.add(file);
        }
        return written;
    }
}
