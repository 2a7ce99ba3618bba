package org.hybridconnector.bench.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a report says of the machine it ran on: the cores this process may use (as {@code nproc}
 * counts them), the CPU's model, the memory in whole GiB and the httperf that offered the load.
 */
public record MachineFacts(int cores, String cpuModel, long memoryGib, String httperfVersion) {

    private static final Pattern HTTPERF_VERSION = Pattern.compile("httperf-([0-9.]+)");

    /** This machine's, from /proc and {@code httperf --version}; "?" for what cannot be read. */
    public static MachineFacts read() {
        return new MachineFacts(Runtime.getRuntime().availableProcessors(), cpuModel(Path.of("/proc/cpuinfo")),
                memoryGib(Path.of("/proc/meminfo")), askHttperf());
    }

    static String cpuModel(Path cpuinfo) {
        return lines(cpuinfo).stream().filter(line -> line.startsWith("model name")).findFirst()
                .map(line -> line.substring(line.indexOf(':') + 1).strip()).orElse("?");
    }

    /** MemTotal in whole GiB, rounded down as {@code free -g} does; -1 if unknown. */
    static long memoryGib(Path meminfo) {
        return lines(meminfo).stream().filter(line -> line.startsWith("MemTotal:")).findFirst()
                .map(line -> Long.parseLong(line.replaceAll("[^0-9]", "")) / (1024 * 1024)).orElse(-1L);
    }

    static String httperfVersion(String printed) {
        Matcher matcher = HTTPERF_VERSION.matcher(printed);
        return matcher.find() ? matcher.group(1) : "?";
    }

    private static String askHttperf() {
        try {
            Process httperf = new ProcessBuilder("httperf", "--version").redirectErrorStream(true).start();
            String printed = new String(httperf.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            httperf.waitFor(10, TimeUnit.SECONDS);
            return httperfVersion(printed);
        } catch (IOException e) {
            return "?";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "?";
        }
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            return List.of();
        }
    }
}
