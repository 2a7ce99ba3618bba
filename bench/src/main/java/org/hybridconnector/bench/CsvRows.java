package org.hybridconnector.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Appends a row to a CSV file that a run fills one step at a time, heading it first if it is new. */
final class CsvRows {

    private CsvRows() {
    }

    static void append(Path csv, String header, String row) throws IOException {
        if (!Files.exists(csv)) {
            Files.writeString(csv, header + "\n");
        }
        Files.writeString(csv, row + "\n", StandardOpenOption.APPEND);
    }
}
