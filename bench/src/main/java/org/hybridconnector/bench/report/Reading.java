package org.hybridconnector.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * What bench/sessions read at one moment of a stepped run's step, one {@code name value} line each:
 * the connector's counters as {@code Main step-counters} wrote them ({@code servlet NAME COUNT}
 * lines among them), then the machine's own readings the script added ({@code machine_ticks},
 * {@code server_ticks}, {@code db_statements}, {@code db_rows_read}, {@code elapsed_s}). A steady
 * step's machine ticks at its interval's two ends are readings too. A reading that failed is
 * missing, whole or in part; nothing is made up for it.
 */
public final class Reading {

    public static final Reading NONE = new Reading(Map.of(), Map.of());

    private final Map<String,String> values;
    private final Map<String,Long> servlets;

    private Reading(Map<String,String> values, Map<String,Long> servlets) {
        this.values = values;
        this.servlets = servlets;
    }

    /** The file's reading; {@link #NONE} if there is no file. */
    public static Reading read(Path file) throws IOException {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return NONE;
        }
        return parse(lines);
    }

    static Reading parse(List<String> lines) {
        Map<String,String> values = new LinkedHashMap<>();
        Map<String,Long> servlets = new LinkedHashMap<>();
        for (String line : lines) {
            String[] words = line.split(" ", 3);
            if (words[0].equals("servlet") && words.length == 3 && words[2].matches("[0-9]+")) {
                servlets.put(words[1], Long.parseLong(words[2]));
            } else if (words.length >= 2) {
                values.putIfAbsent(words[0], line.substring(words[0].length() + 1));
            }
        }
        return new Reading(Collections.unmodifiableMap(values), Collections.unmodifiableMap(servlets));
    }

    /** A whole number read under {@code name}, if there is one. */
    public OptionalLong number(String name) {
        String value = values.get(name);
        return value != null && value.matches("[0-9]+") ? OptionalLong.of(Long.parseLong(value)) : OptionalLong.empty();
    }

    /** The text read under {@code name}, or "" if none. */
    public String text(String name) {
        return values.getOrDefault(name, "");
    }

    /** Requests each of RUBiS's servlets had served, by servlet name. */
    public Map<String,Long> servlets() {
        return servlets;
    }
}
