package org.hybridconnector.bench.footprint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The footprint report from saved class histograms, as {@code jcmd GC.class_histogram} prints them. */
class FootprintFilesTest {

    private static final String HEAD = "12345:\n num     #instances         #bytes  class name (module)\n"
            + "-------------------------------------------------------\n";

    @TempDir
    Path directory;

    @Test
    void testBytesPerConnectionAreTheLiveHeapsGrowthOverTheConnections() throws IOException {
        FootprintFiles files = new FootprintFiles(directory);
        files.write(1, IdleConnections.Kind.HTTP, "hybrid", "before", histogram(1000, 50_000, 0, 0));
        files.write(1, IdleConnections.Kind.HTTP, "hybrid", "with", histogram(1100, 70_000, 10, 1_760));
        files.write(1, IdleConnections.Kind.HTTP, "hybrid", "after", histogram(1000, 50_500, 0, 0));
        // An incomplete measurement (no "after") is left out.
        files.write(1, IdleConnections.Kind.HTTP, "nio", "before", histogram(1000, 50_000, 0, 0));

        List<Footprint> footprints = files.read(10);

        assertEquals(1, footprints.size());
        Footprint footprint = footprints.get(0);
        assertEquals("hybrid", footprint.connector());
        // Total bytes: [B grew by 20,000 and the wrapper class appeared with 1,760 bytes.
        assertEquals(2_176.0, footprint.bytesPerConnection(), 1e-9);
        assertEquals(50.0, footprint.leftPerConnection(), 1e-9);
        Footprint.ClassShare largest = footprint.largestShares(1).get(0);
        assertEquals("[B", largest.className());
        assertEquals(2_000.0, largest.bytes(), 1e-9);
        assertEquals(10.0, largest.instances(), 1e-9);
    }

    @Test
    void testTheReportComparesWithTheReference() throws IOException {
        FootprintFiles files = new FootprintFiles(directory);
        for (String connector : List.of("hybrid", "nio")) {
            int grown = connector.equals("nio") ? 160_000 : 20_000;
            files.write(1, IdleConnections.Kind.HTTP, connector, "before", histogram(1000, 50_000, 0, 0));
            files.write(1, IdleConnections.Kind.HTTP, connector, "with", histogram(1000, 50_000 + grown, 0, 0));
            files.write(1, IdleConnections.Kind.HTTP, connector, "after", histogram(1000, 50_000, 0, 0));
        }
        FootprintReport report = new FootprintReport(List.of("hybrid", "nio"));
        files.read(10).forEach(report::add);

        String markdown = report.markdown();

        assertTrue(markdown.contains("| http | hybrid | 1.95 KiB | 1.95 KiB to 1.95 KiB | 0.00 KiB | 0.13 |"), markdown);
        assertTrue(markdown.contains("| http | nio | 15.63 KiB |"), markdown);
    }

    @Test
    void testAHistogramWithoutItsTotalIsRefused() {
        assertThrows(IOException.class, () -> LiveHeap.parse(HEAD + "   1:   10   100  [B (java.base@17)\n"));
    }

    /** Two classes, byte arrays and the connector's wrapper, and the Total line jcmd ends with. */
    private static String histogram(long arrays, long arrayBytes, long wrappers, long wrapperBytes) {
        String text = HEAD + String.format("   1:   %d   %d  [B (java.base@17.0.15)%n", arrays, arrayBytes);
        if (wrappers > 0) {
            text += String.format("   2:   %d   %d  org.hybridconnector.HybridSocketWrapper%n", wrappers, wrapperBytes);
        }
        return text + String.format("Total   %d   %d%n", arrays + wrappers, arrayBytes + wrapperBytes);
    }
}
