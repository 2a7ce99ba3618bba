package org.hybridconnector.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The overload policies against time in a stepped run's report: for every step of run 1 whose
 * variant has the policy, a line from its series ({@code raw/<variant>-<load>-r1-policy.csv}, see
 * {@code PolicySeries}). {@code admission.png} shows new sessions admitted per second and the
 * session limit for the session policies, {@code workers.png} the adaptive worker count, and the
 * {@code -all} figures the same for {@code hybrid-all}. Writes a gnuplot script per figure that has
 * a step to show; the script makes the image.
 */
public final class PolicyPlots {

    /**
     * One figure: the series' {@code column} (1-based, as gnuplot counts) of the variants whose
     * names begin with {@code variants}, and, on a second axis, {@code y2column} (0: none).
     */
    record Figure(String image, String title, String ylabel, int column, String variants, String y2label, int y2column) {

        String script() {
            return image.replace(".png", ".gp");
        }
    }

    static final List<Figure> FIGURES = List.of(
            new Figure("admission.png", "Session admission over time", "new sessions admitted/s (solid)", 2,
                    "hybrid-sessions", "session limit (dashed)", 5),
            new Figure("admission-all.png", "Session admission over time (all policies)",
                    "new sessions admitted/s (solid)", 2, "hybrid-all-", "session limit (dashed)", 5),
            new Figure("workers.png", "Adaptive worker count over time", "general workers allowed", 6, "hybrid-adaptive-",
                    "", 0),
            new Figure("workers-all.png", "Adaptive worker count over time (all policies)", "general workers allowed", 6,
                    "hybrid-all-", "", 0));

    private static final String RUN_ONE = "-r1-policy.csv";

    private PolicyPlots() {
    }

    /**
     * Writes the script of every figure that has a series in {@code run}'s {@code raw/}, and returns
     * the scripts' names, for gnuplot to be run on in {@code run}.
     *
     * @param window the seconds of each step during which new sessions were offered
     */
    public static List<String> write(Path run, int window) throws IOException {
        List<String> scripts = new ArrayList<>();
        for (Figure figure : FIGURES) {
            List<Path> series = series(run.resolve("raw"), figure.variants());
            if (!series.isEmpty()) {
                Files.writeString(run.resolve(figure.script()), script(figure, window, series), StandardCharsets.UTF_8);
                scripts.add(figure.script());
            }
        }
        return scripts;
    }

    static String script(Figure figure, int window, List<Path> series) throws IOException {
        // A session limit that never closed (-1 throughout) leaves the second axis without a point,
        // which gnuplot refuses: the figure then shows the first column alone.
        boolean y2 = figure.y2column() > 0 && anyAtLeastZero(series, figure.y2column());
        StringBuilder gp = new StringBuilder("# Generated with the report; run: gnuplot " + figure.script() + "\n");
        gp.append("set terminal pngcairo size 900,560 noenhanced\nset datafile separator ','\n");
        gp.append("set grid; set key below; set yrange [0:*]\n");
        gp.append("set xlabel 'seconds into the step (new sessions offered for the first ").append(window).append(" s)'\n");
        gp.append("set ylabel '").append(figure.ylabel()).append("'\n");
        if (y2) {
            gp.append("set ytics nomirror; set y2tics; set y2range [0:*]; set y2label '").append(figure.y2label())
                    .append("'\n");
        }
        gp.append("set output '").append(figure.image()).append("'\n");
        gp.append("set title '").append(figure.title()).append(", run 1'\n");
        List<String> lines = new ArrayList<>();
        for (int k = 1; k <= series.size(); k++) {
            String file = series.get(k - 1).getFileName().toString();
            String step = file.substring(0, file.length() - RUN_ONE.length());
            int dash = step.lastIndexOf('-');
            String line = "'raw/" + file + "' using 1:" + figure.column() + " with lines lw 2 lc " + k + " title '"
                    + step.substring(0, dash) + " at " + step.substring(dash + 1) + "/s'";
            if (y2) {
                int c = figure.y2column();
                line += ", '' using 1:($" + c + " < 0 ? NaN : $" + c + ") axes x1y2 with lines dt 2 lc " + k + " notitle";
            }
            lines.add(line);
        }
        return gp.append("plot ").append(String.join(", ", lines)).append('\n').toString();
    }

    private static List<Path> series(Path raw, String variants) throws IOException {
        if (!Files.isDirectory(raw)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(raw)) {
            return files.filter(f -> {
                String name = f.getFileName().toString();
                return name.startsWith(variants) && name.endsWith(RUN_ONE);
            }).sorted().toList();
        }
    }

    private static boolean anyAtLeastZero(List<Path> series, int column) throws IOException {
        for (Path file : series) {
            List<String> rows = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (String row : rows.subList(Math.min(1, rows.size()), rows.size())) {
                String[] cells = row.split(",", -1);
                if (cells.length >= column && !cells[column - 1].isEmpty() && Double.parseDouble(cells[column - 1]) >= 0) {
                    return true;
                }
            }
        }
        return false;
    }
}
