package org.hybridconnector.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Appends a row to a CSV file that a run fills one step at a time, heading it first if it is new.
 * A file begun by an older runner whose columns are the first of this one's gets the new columns,
 * {@code NaN} (not read) in its earlier rows, so that a run resumed across the change goes on in
 * one file. A file headed otherwise is refused, not extended with rows its header does not describe.
 */
final class CsvRows {

    private static final String NOT_READ = "NaN";

    private CsvRows() {
    }

    static void append(Path csv, String header, String row) throws IOException {
        List<String> lines = Files.exists(csv) ? Files.readAllLines(csv) : List.of();
        if (lines.isEmpty()) {
            Files.writeString(csv, header + "\n");
        } else if (header.startsWith(lines.get(0) + ",")) {
            widen(csv, lines, header);
        } else if (!lines.get(0).equals(header)) {
            throw new IOException(csv + " has other columns than this runner writes (begun by an older one?): "
                    + lines.get(0) + "; finish it with the runner that began it, or move it aside");
        }
        Files.writeString(csv, row + "\n", StandardOpenOption.APPEND);
    }

    /** Rewrites the file under the wider header, whole or not at all. */
    private static void widen(Path csv, List<String> lines, String header) throws IOException {
        String padding = ("," + NOT_READ).repeat(header.split(",", -1).length - lines.get(0).split(",", -1).length);
        List<String> widened = new ArrayList<>();
        widened.add(header);
        lines.stream().skip(1).filter(line -> !line.isBlank()).forEach(line -> widened.add(line + padding));
        Path temporary = csv.resolveSibling(csv.getFileName() + ".widening");
        Files.write(temporary, widened);
        Files.move(temporary, csv, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
