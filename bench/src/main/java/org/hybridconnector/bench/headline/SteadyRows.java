package org.hybridconnector.bench.headline;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the steady-state campaign's CSV files ({@code steady.csv}): a header line, then one row per
 * block, load and variant. Columns are found by their header name, so a file may carry more
 * columns, in any order; cells are plain (no quoting: none of the figures holds a comma).
 * Numbers parse the same in every locale, and {@code NaN} stands for a figure not read.
 */
public final class SteadyRows {

    /** The columns a row needs; any others are ignored. */
    static final List<String> REQUIRED = List.of("block", "load", "variant", "commit", "completed_per_s",
            "server_abandoned_per_s", "client_limited");
    /**
     * Columns read where present ({@code NaN} where not): whether the interval was long enough, and
     * the quick pages' tail mid-visit. Rows from before 2026-11-27 have {@code quick_p99_ms} instead,
     * over every attempt of a probe started in the overload, its waits to get in included: not the
     * same figure, so it is not read.
     */
    static final List<String> OPTIONAL = List.of("interval_s", "lifetime_s", "server_in_progress_at_end",
            "httperf_abandoned_per_s", "quick_mid_visit_p99_ms");
    /** Where the server's core went, read where present: {@link SteadyRow.ServerCpu}'s figures in its order. */
    static final List<String> SERVER_CPU = List.of("replies_per_s", "cpu0_percent", "tomcat_cpu_percent",
            "database_cpu_percent");

    private SteadyRows() {
    }

    /** The rows of every file, in file order; two rows for one block, load and variant are an error. */
    public static List<SteadyRow> read(List<Path> files) throws IOException {
        List<SteadyRow> rows = new ArrayList<>();
        for (Path file : files) {
            rows.addAll(read(file));
        }
        return List.copyOf(rows);
    }

    public static List<SteadyRow> read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        if (lines.isEmpty()) {
            throw new IOException(file + ": empty, no header line");
        }
        Map<String,Integer> columns = columns(file, lines.get(0));
        List<SteadyRow> rows = new ArrayList<>();
        Set<List<Object>> seen = new HashSet<>();
        for (int i = 1; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            String where = file + ": line " + (i + 1);
            SteadyRow row = parse(where, file.toString(), lines.get(i).split(",", -1), columns);
            if (!seen.add(List.of(row.block(), row.load(), row.variant()))) {
                throw new IOException(where + ": a second row for block " + row.block() + ", load " + row.load()
                        + ", variant " + row.variant());
            }
            rows.add(row);
        }
        return rows;
    }

    private static Map<String,Integer> columns(Path file, String header) throws IOException {
        String[] names = header.split(",", -1);
        Map<String,Integer> columns = new HashMap<>();
        for (int i = 0; i < names.length; i++) {
            columns.putIfAbsent(names[i].strip(), i);
        }
        for (String name : REQUIRED) {
            if (!columns.containsKey(name)) {
                throw new IOException(file + ": no column '" + name + "' in the header: " + header);
            }
        }
        return columns;
    }

    private static SteadyRow parse(String where, String source, String[] cells, Map<String,Integer> columns)
            throws IOException {
        Cells row = new Cells(where, cells, columns);
        int block = (int) row.number("block", true);
        if (block < 1) {
            throw new IOException(where + ": block " + block + " (blocks count from 1)");
        }
        double load = row.number("load", false);
        if (!(load > 0) || Double.isInfinite(load)) {
            throw new IOException(where + ": load " + load + " (an offered load is a positive rate)");
        }
        String variant = row.text("variant");
        if (variant.isEmpty()) {
            throw new IOException(where + ": no variant");
        }
        String limited = row.text("client_limited");
        if (!limited.equals("true") && !limited.equals("false")) {
            throw new IOException(where + ": client_limited is '" + limited + "', not true or false");
        }
        return new SteadyRow(source, block, load, variant, row.text("commit"),
                row.number("completed_per_s", false), row.number("server_abandoned_per_s", false),
                row.optional(OPTIONAL.get(4)), limited.equals("true"), row.optional(OPTIONAL.get(0)),
                row.optional(OPTIONAL.get(1)), row.optional(OPTIONAL.get(2)), row.optional(OPTIONAL.get(3)),
                new SteadyRow.ServerCpu(row.optional(SERVER_CPU.get(0)), row.optional(SERVER_CPU.get(1)),
                        row.optional(SERVER_CPU.get(2)), row.optional(SERVER_CPU.get(3))));
    }

    /** One line's cells, looked up by column name, with the line named in every error. */
    private record Cells(String where, String[] cells, Map<String,Integer> columns) {

        String text(String column) throws IOException {
            int index = columns.get(column);
            if (index >= cells.length) {
                throw new IOException(where + ": " + cells.length + " cells, none for column '" + column + "'");
            }
            return cells[index].strip();
        }

        double optional(String column) throws IOException {
            return columns.containsKey(column) ? number(column, false) : Double.NaN;
        }

        double number(String column, boolean integer) throws IOException {
            String text = text(column);
            try {
                return integer ? Integer.parseInt(text) : Double.parseDouble(text);
            } catch (NumberFormatException e) {
                throw new IOException(where + ": column '" + column + "' holds '" + text + "', not a number", e);
            }
        }
    }
}
