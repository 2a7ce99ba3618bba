package org.hybridconnector.bench.footprint;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * The raw class histograms of a footprint run, one file per snapshot, under {@code raw/} of the
 * report's directory: {@code r<round>-<kind>-<connector>-<before|with|after>.txt.gz}. The report is
 * computed from them alone, so that it can be checked and recomputed.
 * <p>
 * Not thread-safe; one command at a time uses a directory.
 */
public final class FootprintFiles {

    private static final Pattern BEFORE = Pattern.compile("r(\\d+)-([a-z]+)-(.+)-before\\.txt\\.gz");

    private final Path raw;

    public FootprintFiles(Path directory) {
        this.raw = directory.resolve("raw");
    }

    public void write(int round, IdleConnections.Kind kind, String connector, String moment, String histogram)
            throws IOException {
        Files.createDirectories(raw);
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(raw.resolve(name(round, kind, connector,
                moment))))) {
            out.write(histogram.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** Every complete measurement in the directory, by round, kind and connector. */
    public List<Footprint> read(int connections) throws IOException {
        List<Footprint> footprints = new ArrayList<>();
        List<Path> befores;
        try (Stream<Path> files = Files.list(raw)) {
            befores = files.filter(file -> BEFORE.matcher(file.getFileName().toString()).matches()).sorted().toList();
        }
        for (Path before : befores) {
            Matcher name = BEFORE.matcher(before.getFileName().toString());
            name.matches();
            int round = Integer.parseInt(name.group(1));
            IdleConnections.Kind kind = IdleConnections.Kind.of(name.group(2));
            String connector = name.group(3);
            Path with = raw.resolve(name(round, kind, connector, "with"));
            Path after = raw.resolve(name(round, kind, connector, "after"));
            if (Files.exists(with) && Files.exists(after)) {
                footprints.add(new Footprint(round, kind, connector, connections, heap(before), heap(with),
                        heap(after)));
            }
        }
        return footprints;
    }

    private static LiveHeap heap(Path file) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            return LiveHeap.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    private static String name(int round, IdleConnections.Kind kind, String connector, String moment) {
        return "r" + round + "-" + kind.label() + "-" + connector + "-" + moment + ".txt.gz";
    }
}
