package org.hybridconnector.bench.footprint;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The idle-footprint report: per kind of connection and connector, the live heap each idle
 * connection held (median and range over the rounds), what was left after closing, the ratio of
 * the hybrid to stock NIO, and the classes that make up a connection's share in the last round.
 * <p>
 * Not thread-safe; one thread adds the measurements and writes the report.
 */
public final class FootprintReport {

    private static final int CLASSES_SHOWN = 8;

    private final List<Footprint> footprints = new ArrayList<>();
    private final List<String> connectors;

    /** @param connectors the connectors' names, the last the one the others are compared with */
    public FootprintReport(List<String> connectors) {
        this.connectors = List.copyOf(connectors);
    }

    public void add(Footprint footprint) {
        footprints.add(footprint);
    }

    public List<String> csv() {
        List<String> lines = new ArrayList<>(List.of(Footprint.CSV_HEADER));
        footprints.forEach(f -> lines.add(f.toCsv()));
        return lines;
    }

    /** The Markdown tables, without a title: the caller adds the command and commit above them. */
    public String markdown() {
        StringBuilder text = new StringBuilder();
        text.append("| idle connection | connector | live heap per connection | range over rounds | ")
                .append("left after closing, per connection | against ").append(connectors.get(connectors.size() - 1))
                .append(" |\n|---|---|---|---|---|---|\n");
        for (IdleConnections.Kind kind : IdleConnections.Kind.values()) {
            List<Footprint> referenceCell = of(kind, connectors.get(connectors.size() - 1));
            double reference = referenceCell.isEmpty() ? Double.NaN : median(referenceCell);
            for (String connector : connectors) {
                List<Footprint> cell = of(kind, connector);
                if (cell.isEmpty()) {
                    continue;
                }
                double median = median(cell);
                text.append(String.format(Locale.ROOT, "| %s | %s | %s | %s to %s | %s | %.2f |\n", kind.label(),
                        connector, kib(median), kib(min(cell)), kib(max(cell)),
                        kib(cell.stream().mapToDouble(Footprint::leftPerConnection).max().orElse(0)),
                        median / reference));
            }
        }
        text.append("\nWhat one idle connection holds, by class (last round; bytes and instances per connection):\n");
        appendShares(text, f -> f.largestShares(CLASSES_SHOWN));
        text.append("\nWhat stayed after closing, by class (last round; bytes and instances per connection):\n");
        appendShares(text, f -> f.largestLeft(CLASSES_SHOWN));
        return text.toString();
    }

    private void appendShares(StringBuilder text, Function<Footprint,List<Footprint.ClassShare>> shares) {
        for (IdleConnections.Kind kind : IdleConnections.Kind.values()) {
            for (String connector : connectors) {
                List<Footprint> cell = of(kind, connector);
                if (cell.isEmpty()) {
                    continue;
                }
                text.append("\n- ").append(kind.label()).append(", ").append(connector).append(": ")
                        .append(shares.apply(cell.get(cell.size() - 1)).stream()
                                .map(share -> String.format(Locale.ROOT, "`%s` %.0f B (%.2f)", share.className(),
                                        share.bytes(), share.instances()))
                                .collect(Collectors.joining(", ")))
                        .append('\n');
            }
        }
    }

    private List<Footprint> of(IdleConnections.Kind kind, String connector) {
        return footprints.stream().filter(f -> f.kind() == kind && f.connector().equals(connector)).toList();
    }

    private static double median(List<Footprint> cell) {
        double[] sorted = cell.stream().mapToDouble(Footprint::bytesPerConnection).sorted().toArray();
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    private static double min(List<Footprint> cell) {
        return cell.stream().mapToDouble(Footprint::bytesPerConnection).min().orElseThrow();
    }

    private static double max(List<Footprint> cell) {
        return cell.stream().mapToDouble(Footprint::bytesPerConnection).max().orElseThrow();
    }

    private static String kib(double bytes) {
        return String.format(Locale.ROOT, "%.2f KiB", bytes / 1024);
    }
}
