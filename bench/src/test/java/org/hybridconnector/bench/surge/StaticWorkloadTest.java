package org.hybridconnector.bench.surge;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import org.hybridconnector.bench.wsesslog.Burst;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The static workload's distributions against the model's parameters ({@link SurgeModel#defaults()}). */
class StaticWorkloadTest {

    private final SurgeModel model = SurgeModel.defaults();

    @Test
    void testFileSizesHaveALognormalBodyAndAParetoTail() {
        SplittableRandom random = new SplittableRandom(4);
        int n = 200_000;
        long[] sizes = new long[n];
        for (int i = 0; i < n; i++) {
            sizes[i] = model.fileSize(random);
        }
        Arrays.sort(sizes);
        // The tail (7 %) lies above the body's bulk, so the overall median is the body's 0.5 / 0.93
        // quantile: z = 0.0944, e^(9.357 + 1.318 z) = 13,114 bytes.
        double median = sizes[n / 2];
        assertEquals(13_114, median, 0.03 * 13_114);
        // Pareto tail: P(size > x) = 0.07 (k / x)^alpha above k, plus the body's share (small that far out).
        long above1M = Arrays.stream(sizes).filter(s -> s > 1_000_000).count();
        double tailExpected = 0.07 * Math.pow(133_000 / 1_000_000.0, 1.1);
        assertEquals(tailExpected, above1M / (double) n, 0.25 * tailExpected);
        assertTrue(sizes[n - 1] <= 10L << 20, "the cap holds");
        assertTrue(sizes[0] >= 1);
    }

    @Test
    void testZipfPopularityIsOneOverRank() {
        Zipf zipf = new Zipf(1000, 1.0);
        SplittableRandom random = new SplittableRandom(6);
        long[] counts = new long[1000];
        int n = 500_000;
        for (int i = 0; i < n; i++) {
            counts[zipf.next(random)]++;
        }
        assertEquals(2.0, counts[0] / (double) counts[1], 0.06);
        assertEquals(10.0, counts[0] / (double) counts[9], 0.6);
        // H(1000) = 7.485: the most popular file takes 1 / H of the requests.
        assertEquals(1 / 7.485, counts[0] / (double) n, 0.003);
        assertEquals(1 / 7.485, zipf.probability(0), 1e-3);
    }

    @Test
    void testSessionsAverageSixRequestsWithParetoOffTimes() {
        StaticWorkload workload = new StaticWorkload(model, 500, 1);
        SplittableRandom random = new SplittableRandom(2);
        long requests = 0;
        long offSum = 0;
        long offs = 0;
        long maxFiles = 0;
        int sessions = 40_000;
        for (int s = 0; s < sessions; s++) {
            List<Burst> session = workload.session(random, "/surge/", 1);
            for (Burst burst : session) {
                requests += burst.requests();
                maxFiles = Math.max(maxFiles, burst.requests());
                offSum += burst.thinkMillis();
                offs++;
            }
        }
        assertEquals(6.0, requests / (double) sessions, 0.2, "requests per session");
        // E[min(Pareto(1 s, 1.5), 60 s)] = 3 - 2 / sqrt(60) = 2.742 s.
        assertEquals(2742, offSum / (double) offs, 60);
        assertTrue(maxFiles > 5, "embedded counts are heavy-tailed: max " + maxFiles);
    }

    @Test
    void testFilesAreWrittenWithTheirSizesAndSameSeedGivesSameWorkload(@TempDir Path dir) throws Exception {
        StaticWorkload workload = new StaticWorkload(model, 50, 9);
        assertArrayEquals(workload.sizes(), new StaticWorkload(model, 50, 9).sizes());
        assertNotEquals(Arrays.toString(workload.sizes()), Arrays.toString(new StaticWorkload(model, 50, 10).sizes()));
        workload.writeFiles(dir.resolve("docroot"));
        for (int i = 0; i < 50; i++) {
            assertEquals(workload.sizes()[i], Files.size(dir.resolve("docroot/" + i + ".txt")));
        }
        workload.writeSessions(dir.resolve("a.wsesslog"), 100, 3, "/surge/", 1);
        workload.writeSessions(dir.resolve("b.wsesslog"), 100, 3, "/surge/", 1);
        assertEquals(Files.readString(dir.resolve("a.wsesslog")), Files.readString(dir.resolve("b.wsesslog")));
        assertTrue(Files.readString(dir.resolve("a.wsesslog")).contains("\n/surge/0.txt"));
    }
}
