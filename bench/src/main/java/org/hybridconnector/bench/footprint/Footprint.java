package org.hybridconnector.bench.footprint;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * What one set of idle connections held on a server's heap: live bytes before the set was opened,
 * while it was open, and after it was closed and the server had let every connection go, and the
 * classes that grew most while it was open.
 * <p>
 * Immutable.
 *
 * @param round      the round of the measurement, from 1
 * @param kind       what each connection did before going idle
 * @param connector  the connector's name in the report
 * @param count      the connections held open
 * @param before     the live heap before
 * @param with       the live heap while every connection was open and idle
 * @param after      the live heap once they were closed
 */
public record Footprint(int round, IdleConnections.Kind kind, String connector, int count, LiveHeap before,
        LiveHeap with, LiveHeap after) {

    /** A class's share of one connection: bytes and instances. */
    public record ClassShare(String className, double bytes, double instances) {
    }

    public static final String CSV_HEADER = "round,kind,connector,connections,live_before,live_with,live_after,"
            + "bytes_per_connection,left_per_connection";

    /** Live heap bytes each open idle connection held. */
    public double bytesPerConnection() {
        return (double) (with.totalBytes() - before.totalBytes()) / count;
    }

    /** Live heap bytes per connection still held after all were closed: none, unless something leaks. */
    public double leftPerConnection() {
        return (double) (after.totalBytes() - before.totalBytes()) / count;
    }

    /** The {@code limit} classes whose bytes grew most while the connections were open, per connection. */
    public List<ClassShare> largestShares(int limit) {
        return largestGrowth(with, limit);
    }

    /** The {@code limit} classes whose bytes grew most from before the connections to after their close. */
    public List<ClassShare> largestLeft(int limit) {
        return largestGrowth(after, limit);
    }

    private List<ClassShare> largestGrowth(LiveHeap later, int limit) {
        return later.classesWith(before).stream()
                .map(name -> new ClassShare(name, (double) later.bytesBeyond(before, name) / count,
                        (double) later.instancesBeyond(before, name) / count))
                .sorted(Comparator.comparingDouble(ClassShare::bytes).reversed()).limit(limit).toList();
    }

    public String toCsv() {
        return String.format(Locale.ROOT, "%d,%s,%s,%d,%d,%d,%d,%.1f,%.1f", round, kind.label(), connector, count,
                before.totalBytes(), with.totalBytes(), after.totalBytes(), bytesPerConnection(), leftPerConnection());
    }
}
