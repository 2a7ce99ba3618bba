package org.hybridconnector.bench.run;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Lines of bash that set variables, arrays and associative arrays, every value single-quoted so that
 * {@code eval} takes it as one word whatever it holds.
 */
public final class ShellAssignments {

    private final StringBuilder lines = new StringBuilder();

    public ShellAssignments set(String name, Object value) {
        lines.append(name).append('=').append(quote(value == null ? "" : value.toString())).append('\n');
        return this;
    }

    public ShellAssignments array(String name, List<String> values) {
        lines.append(name).append("=(")
                .append(values.stream().map(ShellAssignments::quote).collect(Collectors.joining(" "))).append(")\n");
        return this;
    }

    /** An associative array; {@code declare -g} makes it global even when evaluated in a function. */
    public ShellAssignments map(String name, Map<String,String> entries) {
        lines.append("declare -gA ").append(name).append("=(")
                .append(entries.entrySet().stream().map(e -> "[" + quote(e.getKey()) + "]=" + quote(e.getValue()))
                        .collect(Collectors.joining(" ")))
                .append(")\n");
        return this;
    }

    static String quote(String value) {
        return "'" + value.replace("'", "'\\''") + "'";
    }

    @Override
    public String toString() {
        return lines.toString();
    }
}
