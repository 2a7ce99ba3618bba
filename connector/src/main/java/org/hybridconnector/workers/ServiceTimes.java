package org.hybridconnector.workers;

import java.util.Comparator;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/**
 * What each request path costs a worker: an exponentially weighted average of the time a worker
 * spent serving it, from which requests are told quick or lengthy before they run.
 * <p>
 * Paths come from clients, so the table is bounded: a new path that finds it full first clears
 * out the quick paths, which lose nothing by being forgotten (an unknown path counts as quick, and
 * a path's average restarts from its next sample), so a site with more paths than the table, or a
 * client that asks for endless made-up ones, cannot stop a slow page from being learned. A
 * clear-out that frees little (a table of lengthy paths) is not tried again for a tenth of a
 * table's new paths, which go unlearned meanwhile: a scan of the table costs each new path a few
 * entries' worth at most. A path shows it is lengthy only after it has been seen.
 * <p>
 * Thread safety: workers record and the selector thread classifies concurrently. An average is a
 * single volatile double updated without a lock; two workers finishing the same path at the same
 * instant may lose one sample, which an average over many does not notice.
 */
public final class ServiceTimes {

    /** Weight of the newest sample: about the last ten requests of a path make its average. */
    static final double WEIGHT = 0.2;

    private final ConcurrentHashMap<String, Average> byPath = new ConcurrentHashMap<>();
    private final int capacity;
    /** New paths the full table refused since its last clear-out that freed room. */
    private final AtomicInteger refusedSinceScan = new AtomicInteger();
    private final long lengthyNanos;

    /**
     * @param lengthyMillis a path whose average service time is at least this is lengthy
     * @param capacity how many paths are learned at most
     */
    public ServiceTimes(long lengthyMillis, int capacity) {
        this.lengthyNanos = TimeUnit.MILLISECONDS.toNanos(lengthyMillis);
        this.capacity = capacity;
    }

    /** A worker spent {@code nanos} serving a request for {@code path}. */
    public void record(String path, long nanos) {
        Average average = byPath.get(path);
        if (average == null) {
            if (byPath.size() >= capacity && !makeRoom()) {
                return;
            }
            average = byPath.computeIfAbsent(path, p -> new Average(nanos));
        }
        average.add(nanos);
    }

    /** Clears the quick paths out of the full table, unless a clear-out freed little a short while ago. */
    private boolean makeRoom() {
        int scanEvery = Math.max(1, capacity / 10);
        if (refusedSinceScan.getAndIncrement() % scanEvery != 0) {
            return false;
        }
        byPath.values().removeIf(average -> average.nanos < lengthyNanos);
        if (capacity - byPath.size() >= scanEvery) {
            refusedSinceScan.set(0); // room for a tenth of a table: the next full table may scan at once
        }
        return byPath.size() < capacity;
    }

    public boolean isLengthy(String path) {
        Average average = byPath.get(path);
        return average != null && average.nanos >= lengthyNanos;
    }

    /** The average service time of {@code path} in milliseconds, or -1 if it has not been seen. */
    public double averageMillis(String path) {
        Average average = byPath.get(path);
        return average == null ? -1 : average.nanos / 1e6;
    }

    public int pathCount() {
        return byPath.size();
    }

    /**
     * The lengthy paths, slowest first, at most {@code max} of them, each with its average, as an
     * operator reads them: {@code /search (41.2 ms), /report (25.0 ms)}; empty if none is lengthy.
     */
    public String describeLengthy(int max) {
        return byPath.entrySet().stream().filter(e -> e.getValue().nanos >= lengthyNanos)
                .sorted(Comparator.comparingDouble((Map.Entry<String,Average> e) -> e.getValue().nanos).reversed())
                .limit(max)
                .map(e -> String.format(Locale.ROOT, "%s (%.1f ms)", e.getKey(), e.getValue().nanos / 1e6))
                .collect(Collectors.joining(", "));
    }

    private static final class Average {

        volatile double nanos;

        Average(long first) {
            this.nanos = first;
        }

        void add(long sample) {
            nanos += WEIGHT * (sample - nanos);
        }
    }
}
