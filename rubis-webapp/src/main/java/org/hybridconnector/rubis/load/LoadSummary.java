package org.hybridconnector.rubis.load;

import java.time.Duration;
import java.util.Map;

/** What a load wrote, and how long it took. */
public record LoadSummary(Map<String, Long> rowsPerTable, Duration elapsed) {

    public long totalRows() {
        return rowsPerTable.values().stream().mapToLong(Long::longValue).sum();
    }

    @Override
    public String toString() {
        return "loaded " + rowsPerTable + " (" + totalRows() + " rows) in "
                + String.format("%.1f s", elapsed.toMillis() / 1000.0);
    }
}
