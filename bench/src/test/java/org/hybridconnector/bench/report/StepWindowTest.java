package org.hybridconnector.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.hybridconnector.bench.run.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A step's three readings as bench/sessions writes them: Main step-counters' lines, then the machine's. */
class StepWindowTest {

    private static final Reading START = Reading.parse(List.of("requests 1000", "cache_hits 10", "cache_misses 5",
            "cache_stores 5", "cache_evictions 0", "idle_closed 3", "servlet BrowseCategories 100",
            "servlet ViewItem 50", "servlet SearchItemsByCategory 20", "server_ticks 5000", "db_statements 100000",
            "db_rows_read 900000", "machine_ticks 20000"));

    private static final Reading WINDOW_END = Reading.parse(List.of("requests 4000", "cache_hits 510",
            "cache_misses 105", "cache_stores 100", "cache_evictions 2", "idle_closed 9",
            "lengthy_paths /rubis/servlet/SearchItemsByCategory=81ms /rubis/servlet/RegisterItem=55ms",
            "servlet BrowseCategories 400", "servlet ViewItem 450", "servlet SearchItemsByCategory 20",
            "servlet AboutMe 7", "machine_ticks 32000", "db_statements 130000", "db_rows_read 1900000"));

    private static final Reading END = Reading.parse(List.of("requests 5000", "idle_closed 13", "server_ticks 11000",
            "machine_ticks 38000", "elapsed_s 90"));

    private final StepWindow step = new StepWindow(START, WINDOW_END, END, 100, 60);

    @Test
    void testTheWindowsFiguresAreTheDifferencesToItsEnd() {
        WindowCounters window = step.counters();
        assertEquals(3000, window.requestsServed());
        assertEquals(200.0, window.machineCpuPercent(), 1e-9, "12,000 ticks at 100 Hz over 60 s");
        assertEquals(30000, window.dbStatements());
        assertEquals(1000000, window.dbRowsRead());
    }

    @Test
    void testTheStepsCpuRunsToTheEndOfItsLoad() {
        assertEquals(6000.0 / 90, step.serverCpuPercent(), 1e-9);
        assertEquals(18000.0 / 90, step.machineCpuPercent(), 1e-9);
    }

    @Test
    void testServerClosesAreCountedWhereTheConnectorCountsThem() {
        assertEquals(10, step.serverClosed(Variant.parse("hybrid-all")));
        assertEquals(-1, step.serverClosed(Variant.parse("nio:50@300")), "stock NIO counts none");
        assertEquals(-1, step.serverClosed(Variant.parse("blocking")), "no keep_alive_disabled read");
        StepWindow blocking = new StepWindow(Reading.parse(List.of("idle_closed 1", "keep_alive_disabled 2")),
                WINDOW_END, Reading.parse(List.of("idle_closed 4", "keep_alive_disabled 12")), 100, 60);
        assertEquals(13, blocking.serverClosed(Variant.parse("blocking")));
    }

    @Test
    void testTheCacheAndServletFilesHoldTheWindowsCounts() {
        assertEquals(Optional.of("window_requests,cache_hits,cache_misses,cache_stores,cache_evictions\n"
                + "3000,500,100,95,2\n"), step.cacheCsv());
        assertEquals(Optional.of("servlet,requests\nViewItem,400\nBrowseCategories,300\n"), step.servletsCsv(),
                "busiest first; none served in the window, or read only once, left out");
        assertEquals("/rubis/servlet/SearchItemsByCategory=81ms /rubis/servlet/RegisterItem=55ms", step.lengthyPaths());
    }

    @Test
    void testAReadingThatFailedLeavesItsFiguresUnknown(@TempDir Path dir) throws IOException {
        Reading missing = Reading.read(dir.resolve("reading-window-end.txt"));
        assertSame(Reading.NONE, missing);
        StepWindow step = new StepWindow(START, missing, END, 100, 60);
        assertSame(WindowCounters.UNKNOWN, step.counters());
        assertTrue(step.cacheCsv().isEmpty());
        assertTrue(step.servletsCsv().isEmpty());
        assertEquals("", step.lengthyPaths());
        assertEquals(6000.0 / 90, step.serverCpuPercent(), 1e-9, "the step's own CPU does not need the window's");
        StepWindow noJmx = new StepWindow(Reading.parse(List.of("machine_ticks 20000", "db_statements -")),
                Reading.parse(List.of("machine_ticks 26000")), END, 100, 60);
        assertEquals(-1, noJmx.counters().requestsServed());
        assertEquals(-1, noJmx.counters().dbStatements(), "H2 has no statement count");
        assertEquals(100.0, noJmx.counters().machineCpuPercent(), 1e-9);
    }
}
