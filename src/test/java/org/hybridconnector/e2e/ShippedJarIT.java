package org.hybridconnector.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

import org.junit.jupiter.api.Test;

/**
 * The jar a user installs holds the hybrid connector alone: the baselines the benchmarks compare
 * with (the blocking connector and nio-admission) live in a jar of their own, which only the
 * benchmarks and these tests put beside it.
 */
class ShippedJarIT {

    private final Path lib = Paths.get(System.getProperty("tomcat.home"), "lib");

    @Test
    void testConnectorJarHoldsNoBenchmarkClass() throws IOException {
        List<String> baselines = classesUnder(lib.resolve("hybrid-connector.jar"), "blocking/", "nioadmission/");
        assertEquals(List.of(), baselines, "benchmark classes in the shipped jar");
        assertTrue(!classesUnder(lib.resolve("hybrid-connector.jar"), "HybridProtocol").isEmpty());
    }

    @Test
    void testBaselinesJarHoldsOnlyTheBaselines() throws IOException {
        Path jar = lib.resolve("hybrid-baselines.jar");
        assertTrue(Files.isRegularFile(jar), jar + " is not installed");
        List<String> others = classesUnder(jar, "").stream()
                .filter(name -> !name.startsWith("org/hybridconnector/blocking/") &&
                        !name.startsWith("org/hybridconnector/nioadmission/"))
                .toList();
        assertEquals(List.of(), others, "connector classes in the baselines jar");
    }

    /** The class files of {@code jar} under {@code org/hybridconnector/} whose path starts with one of {@code prefixes}. */
    private static List<String> classesUnder(Path jar, String... prefixes) throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            return file.stream().map(ZipEntry::getName).filter(name -> name.endsWith(".class"))
                    .filter(name -> {
                        for (String prefix : prefixes) {
                            if (name.startsWith("org/hybridconnector/" + prefix)) {
                                return true;
                            }
                        }
                        return false;
                    }).toList();
        }
    }
}
