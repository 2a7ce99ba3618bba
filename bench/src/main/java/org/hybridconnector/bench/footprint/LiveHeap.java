package org.hybridconnector.bench.footprint;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The live objects of another JVM on this machine, by class: {@code jcmd PID GC.class_histogram},
 * which runs a full collection first and counts only what is still reachable. Two snapshots
 * subtracted give what a change (ten thousand idle connections, say) holds on the heap, class by
 * class, free of the garbage and the heap sizing that "used after GC" figures carry.
 * <p>
 * Immutable.
 */
public final class LiveHeap {

    /** {@code   12:     1234     567890  [B (java.base@21.0.5)}: rank, instances, bytes, class. */
    private static final Pattern ROW = Pattern.compile("^\\s*\\d+:\\s+(\\d+)\\s+(\\d+)\\s+(\\S+)");
    private static final Pattern TOTAL = Pattern.compile("^Total\\s+(\\d+)\\s+(\\d+)");

    private final Map<String,Long> bytesByClass;
    private final Map<String,Long> instancesByClass;
    private final long totalBytes;

    private LiveHeap(Map<String,Long> bytesByClass, Map<String,Long> instancesByClass, long totalBytes) {
        this.bytesByClass = Map.copyOf(bytesByClass);
        this.instancesByClass = Map.copyOf(instancesByClass);
        this.totalBytes = totalBytes;
    }

    /** The class histogram of process {@code pid}, as {@code jcmd}, which must be on the path, prints it. */
    public static String histogram(long pid) throws IOException {
        Process jcmd = new ProcessBuilder("jcmd", Long.toString(pid), "GC.class_histogram").redirectErrorStream(true)
                .start();
        String output = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!jcmd.waitFor(5, TimeUnit.MINUTES) || jcmd.exitValue() != 0) {
                throw new IOException("jcmd " + pid + " GC.class_histogram failed: " + output);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for jcmd", e);
        }
        return output;
    }

    /** Reads {@code GC.class_histogram}'s output. */
    public static LiveHeap parse(String histogram) throws IOException {
        Map<String,Long> bytes = new HashMap<>();
        Map<String,Long> instances = new HashMap<>();
        long total = -1;
        for (String line : histogram.split("\n")) {
            Matcher row = ROW.matcher(line);
            if (row.find()) {
                // A class loaded by two loaders has two rows under one name: they are summed.
                bytes.merge(row.group(3), Long.parseLong(row.group(2)), Long::sum);
                instances.merge(row.group(3), Long.parseLong(row.group(1)), Long::sum);
                continue;
            }
            Matcher sum = TOTAL.matcher(line);
            if (sum.find()) {
                total = Long.parseLong(sum.group(2));
            }
        }
        if (total < 0) {
            throw new IOException("no Total line in the class histogram: " + histogram.lines().limit(5).toList());
        }
        return new LiveHeap(bytes, instances, total);
    }

    public long totalBytes() {
        return totalBytes;
    }

    /** Bytes of class {@code name} that this snapshot holds beyond {@code before} (negative if fewer). */
    public long bytesBeyond(LiveHeap before, String name) {
        return bytesByClass.getOrDefault(name, 0L) - before.bytesByClass.getOrDefault(name, 0L);
    }

    /** Instances of class {@code name} that this snapshot holds beyond {@code before}. */
    public long instancesBeyond(LiveHeap before, String name) {
        return instancesByClass.getOrDefault(name, 0L) - before.instancesByClass.getOrDefault(name, 0L);
    }

    /** Every class name in this snapshot or {@code other}. */
    public Set<String> classesWith(LiveHeap other) {
        Set<String> names = new HashSet<>(bytesByClass.keySet());
        names.addAll(other.bytesByClass.keySet());
        return names;
    }
}
