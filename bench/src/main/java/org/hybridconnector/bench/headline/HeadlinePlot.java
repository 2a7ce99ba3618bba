package org.hybridconnector.bench.headline;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The headline figure: completed sessions/s against offered load, a line per variant with the
 * 95 % interval as whiskers and the saturation multiples marked. Writes a data file per variant
 * and {@code headline.gp}, and makes {@code headline.png} with gnuplot where it is installed.
 */
final class HeadlinePlot {

    static final String SCRIPT = "headline.gp";
    static final String IMAGE = "headline.png";

    private HeadlinePlot() {
    }

    static String dataFile(String variant) {
        return "headline-plot-" + variant + ".dat";
    }

    /** Writes {@code headline-plot-<variant>.dat} for every variant and the script that plots them. */
    static void write(Path directory, String title, double saturation,
            Map<Double,Map<String,Bootstrap.Interval>> completed, List<String> variants) throws IOException {
        for (String variant : variants) {
            StringBuilder dat = new StringBuilder("# offered_sess_s completed_sess_s_median ci_low ci_high blocks\n");
            completed.forEach((load, byVariant) -> {
                Bootstrap.Interval interval = byVariant.get(variant);
                if (interval != null) {
                    dat.append(String.format(Locale.ROOT, "%.3f %.3f %.3f %.3f %d%n", load, interval.median(),
                            interval.low(), interval.high(), interval.n()));
                }
            });
            Files.writeString(directory.resolve(dataFile(variant)), dat.toString());
        }
        Files.writeString(directory.resolve(SCRIPT), script(title, saturation, variants));
    }

    static String script(String title, double saturation, List<String> variants) {
        StringBuilder gp = new StringBuilder("# Generated with the headline report; run: gnuplot " + SCRIPT + "\n");
        gp.append("set terminal pngcairo size 900,560 noenhanced\nset output '").append(IMAGE).append("'\n");
        gp.append("set title '").append(title.replace("'", "")).append("'\n");
        // The key outside, where no line can run under it; a margin so that the end points' whiskers show whole.
        gp.append("set grid\nset key outside right top\nset offsets graph 0.03, graph 0.03, 0, 0\n");
        gp.append("set xlabel 'offered load (new sessions/s)'\n");
        gp.append("set ylabel 'completed sessions/s (median over blocks, 95 % CI)'\nset yrange [0:*]\n");
        for (int multiple = 1; multiple <= 3; multiple++) {
            double load = multiple * saturation;
            gp.append(String.format(Locale.ROOT, "set arrow from %.3f, graph 0 to %.3f, graph 1 nohead dt 2 lw 1.5 "
                    + "lc rgb 'gray50'%nset label '%dx R' at %.3f, graph 0.03 offset 0.5,0 tc rgb 'gray50'%n", load,
                    load, multiple, load));
        }
        // gnuplot has eight colours; from the ninth variant on the colours repeat, so the lines are dashed.
        gp.append("plot ").append(IntStream.range(0, variants.size()).mapToObj(i -> "'" + dataFile(variants.get(i))
                + "' using 1:2:3:4 with yerrorlines lw 2 dt " + (1 + i / 8) + " title '" + variants.get(i) + "'")
                .collect(Collectors.joining(", \\\n     "))).append('\n');
        return gp.toString();
    }

    /**
     * Runs gnuplot on the script in {@code directory} if gnuplot is on the PATH. The figure is an
     * extra: without gnuplot, or if it fails, a line says so and the report stands.
     */
    static void render(Path directory) throws IOException {
        Optional<Path> gnuplot = onPath("gnuplot");
        if (gnuplot.isEmpty()) {
            System.out.println("no gnuplot on the PATH: " + IMAGE + " not made; run gnuplot " + SCRIPT + " in "
                    + directory);
            return;
        }
        Process process = new ProcessBuilder(gnuplot.get().toString(), SCRIPT).directory(directory.toFile())
                .inheritIO().start();
        try {
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroy();
                System.err.println("gnuplot took over 60 s and was stopped: " + IMAGE + " not made");
            } else if (process.exitValue() != 0) {
                System.err.println("gnuplot failed (exit " + process.exitValue() + "): " + IMAGE + " not made");
            } else {
                System.out.println("wrote " + directory.resolve(IMAGE));
            }
        } catch (InterruptedException e) {
            process.destroy();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while gnuplot ran", e);
        }
    }

    private static Optional<Path> onPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        return Arrays.stream(path.split(File.pathSeparator)).filter(d -> !d.isEmpty())
                .map(d -> Path.of(d, program)).filter(Files::isExecutable).findFirst();
    }
}
