package org.hybridconnector.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * Appends a row to a CSV file that a run fills one step at a time, heading it first if it is new. A
 * file headed otherwise (begun by an older runner, whose columns differ) is refused, not extended
 * with rows its header does not describe.
 */
final class CsvRows {

    private CsvRows() {
    }

    static void append(Path csv, String header, String row) throws IOException {
        List<String> lines = Files.exists(csv) ? Files.readAllLines(csv) : List.of();
        if (lines.isEmpty()) {
            Files.writeString(csv, header + "\n");
        } else if (!lines.get(0).equals(header)) {
            throw new IOException(csv + " has other columns than this runner writes (begun by an older one?): "
                    + lines.get(0) + "; finish it with the runner that began it, or move it aside");
        }
        Files.writeString(csv, row + "\n", StandardOpenOption.APPEND);
    }
}
