package org.hybridconnector.bench.surge;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import org.hybridconnector.bench.wsesslog.Burst;
import org.hybridconnector.bench.wsesslog.WsesslogWriter;

/**
 * A Surge-like static workload: a file set whose sizes follow the model and whose popularity is
 * Zipf by file number, and sessions of objects (a base file plus embedded files, fetched as one
 * burst) with OFF times between them, written for httperf's {@code --wsesslog}.
 * <p>
 * File {@code n} is {@code <n>.txt}, as Surge named them; file 0 is the most popular. Sizes are
 * drawn independently of popularity (Surge's "match" step, which pairs them to shape the
 * request-size distribution, is not reproduced), and the object sequence follows popularity
 * only (no temporal-locality stack model).
 */
public final class StaticWorkload {

    private final SurgeModel model;
    private final long[] sizes;
    private final Zipf popularity;
    private final double sessionObjects;

    /** Draws the file set: {@code files} sizes from {@code seed}. */
    public StaticWorkload(SurgeModel model, int files, long seed) {
        this.model = model;
        SplittableRandom random = new SplittableRandom(seed);
        this.sizes = new long[files];
        for (int i = 0; i < files; i++) {
            sizes[i] = model.fileSize(random);
        }
        this.popularity = new Zipf(files, model.zipfExponent());
        this.sessionObjects = model.requestsPerSession() / meanFilesPerObject(model, seed);
    }

    /** The mean of {@link SurgeModel#filesPerObject}, estimated once from many draws. */
    static double meanFilesPerObject(SurgeModel model, long seed) {
        SplittableRandom random = new SplittableRandom(seed ^ 0x5eed);
        long total = 0;
        int draws = 200_000;
        for (int i = 0; i < draws; i++) {
            total += model.filesPerObject(random);
        }
        return (double) total / draws;
    }

    public long[] sizes() {
        return sizes.clone();
    }

    /** Mean objects per session, so that sessions average {@link SurgeModel#requestsPerSession()} requests. */
    public double sessionObjects() {
        return sessionObjects;
    }

    /** Writes the files under {@code directory}: {@code <n>.txt} of the drawn sizes. */
    public void writeFiles(Path directory) throws IOException {
        Files.createDirectories(directory);
        byte[] block = new byte[64 * 1024];
        Arrays.fill(block, (byte) 'x');
        for (int i = 0; i < sizes.length; i++) {
            Path file = directory.resolve(i + ".txt");
            if (Files.exists(file) && Files.size(file) == sizes[i]) {
                continue;
            }
            try (OutputStream out = Files.newOutputStream(file)) {
                long left = sizes[i];
                while (left > 0) {
                    int n = (int) Math.min(block.length, left);
                    out.write(block, 0, n);
                    left -= n;
                }
            }
        }
    }

    /**
     * One session: a geometric number of objects (at least one) with the mean that gives the
     * model's requests per session, each a burst of files drawn by popularity, with OFF times
     * between them scaled by {@code offScale}.
     */
    public List<Burst> session(SplittableRandom random, String urlPrefix, double offScale) {
        // Geometric on {1, 2, ...} with mean m: success probability 1 / m.
        double p = 1 / Math.max(1, sessionObjects);
        int objects = 1;
        while (random.nextDouble() >= p && objects < 1000) {
            objects++;
        }
        List<Burst> session = new ArrayList<>();
        for (int o = 0; o < objects; o++) {
            int files = model.filesPerObject(random);
            String base = urlPrefix + popularity.next(random) + ".txt";
            List<String> embedded = new ArrayList<>();
            for (int f = 1; f < files; f++) {
                embedded.add(urlPrefix + popularity.next(random) + ".txt");
            }
            session.add(new Burst("object", base, embedded, Math.round(model.offMillis(random) * offScale)));
        }
        return session;
    }

    /** Writes {@code count} sessions to an httperf session file. */
    public void writeSessions(Path file, int count, long seed, String urlPrefix, double offScale) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        List<List<Burst>> sessions = new ArrayList<>();
        long requests = 0;
        for (int i = 0; i < count; i++) {
            List<Burst> session = session(random, urlPrefix, offScale);
            requests += session.stream().mapToInt(Burst::requests).sum();
            sessions.add(session);
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            WsesslogWriter.write(out, String.format(Locale.ROOT,
                    "Surge-like static sessions, seed %d: %d sessions, %.2f requests per session, %d files",
                    seed, count, (double) requests / count, sizes.length), sessions);
        }
    }
}
