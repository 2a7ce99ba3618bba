package org.hybridconnector.bench.compare;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads the rounds a comparison script wrote: a header line, then rows of a fixed number of cells. */
final class CsvTable {

    /** Makes one row's value of its cells; a cell that is not a number throws {@link NumberFormatException}. */
    interface Row<T> {
        T parse(String[] cells);
    }

    private CsvTable() {
    }

    /** Every row after the header; a row with another number of cells, or a bad number, names its line. */
    static <T> List<T> read(Path csv, int cells, Row<T> row) throws IOException {
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        List<T> rows = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            String[] c = lines.get(i).split(",", -1);
            if (c.length != cells) {
                throw new IOException(csv + ": line " + (i + 1) + " has " + c.length + " cells, not " + cells + ": "
                        + lines.get(i));
            }
            try {
                rows.add(row.parse(c));
            } catch (NumberFormatException e) {
                throw new IOException(csv + ": line " + (i + 1) + ": not a number: " + e.getMessage(), e);
            }
        }
        return rows;
    }
}
