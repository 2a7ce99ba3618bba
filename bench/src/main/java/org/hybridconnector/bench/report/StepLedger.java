package org.hybridconnector.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The steps a run has recorded, as the CSV it appends one row per step to holds them: what
 * {@code --resume} reads to skip the steps done, and rewrites to drop a variant's run that was cut
 * short, so that it runs again whole. A step is named by values of the CSV's columns (a stepped
 * run's {@code variant}, {@code repeat} and {@code offered_sess_s}; a steady run's {@code block},
 * {@code load} and {@code variant}); values that are numbers compare as numbers, {@code 30} with
 * {@code 30.000}.
 */
public final class StepLedger {

    private final Path csv;
    private final List<String> lines;
    private final List<String> columns;

    private StepLedger(Path csv, List<String> lines) {
        this.csv = csv;
        this.lines = lines;
        this.columns = lines.isEmpty() ? List.of() : Arrays.asList(lines.get(0).split(",", -1));
    }

    /** The steps in {@code csv}; none if there is no such file yet. */
    public static StepLedger read(Path csv) throws IOException {
        return new StepLedger(csv, Files.exists(csv) ? Files.readAllLines(csv, StandardCharsets.UTF_8) : List.of());
    }

    /** Whether a step whose columns hold every value of {@code step} is recorded. */
    public boolean has(Map<String,String> step) {
        return lines.stream().skip(1).anyMatch(line -> matches(line, step));
    }

    /**
     * Removes every recorded step whose columns hold the values of {@code run}, rewriting the file
     * whole, and returns how many it removed.
     */
    public int drop(Map<String,String> run) throws IOException {
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (i == 0 || !matches(lines.get(i), run)) {
                kept.add(lines.get(i));
            }
        }
        int dropped = lines.size() - kept.size();
        if (dropped > 0) {
            Path partial = csv.resolveSibling(csv.getFileName() + ".partial");
            Files.write(partial, kept, StandardCharsets.UTF_8);
            Files.move(partial, csv, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        return dropped;
    }

    private boolean matches(String line, Map<String,String> step) {
        String[] cells = line.split(",", -1);
        for (Map.Entry<String,String> value : step.entrySet()) {
            int column = columns.indexOf(value.getKey());
            if (column < 0) {
                throw new IllegalArgumentException(csv + " has no column " + value.getKey() + ": " + columns);
            }
            if (column >= cells.length || !same(cells[column], value.getValue())) {
                return false;
            }
        }
        return true;
    }

    private static boolean same(String cell, String value) {
        if (cell.equals(value)) {
            return true;
        }
        try {
            return Double.parseDouble(cell) == Double.parseDouble(value);
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
