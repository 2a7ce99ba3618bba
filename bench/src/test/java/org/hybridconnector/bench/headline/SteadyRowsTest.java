package org.hybridconnector.bench.headline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SteadyRowsTest {

    static final String HEADER = "block,load,variant,commit,completed_per_s,server_abandoned_per_s,"
            + "quick_mid_visit_p99_ms,client_limited";

    @Test
    void testColumnsAreReadByNameWhateverTheirOrderAndExtras(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("steady.csv");
        Files.writeString(csv, "variant,window_s,client_limited,completed_per_s,block,load,"
                + "quick_mid_visit_p99_ms,commit,server_abandoned_per_s\n"
                + "nio:50@300,60,false,12.5,1,40.0,NaN,abc1234,0.25\n\n"
                + "hybrid,60,true,30,2,40.0,150.5,abc1234,NaN\n");
        Locale before = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
        try {
            List<SteadyRow> rows = SteadyRows.read(List.of(csv));
            assertEquals(new SteadyRow(csv.toString(), 1, 40, "nio:50@300", "abc1234", 12.5, 0.25, Double.NaN, false),
                    rows.get(0));
            assertTrue(rows.get(1).clientLimited());
            assertTrue(Double.isNaN(rows.get(1).serverAbandonedPerSecond()));
            assertEquals(150.5, rows.get(1).quickP99Millis());
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void testTheServersCpuIsReadWherePresent(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("steady.csv");
        Files.writeString(csv, HEADER + ",replies_per_s,cpu0_percent,tomcat_cpu_percent,database_cpu_percent\n"
                + "1,40,nio,abc1234,12,0,5,false,800,100,40,50\n2,40,nio,abc1234,12,0,5,false,750,99,NaN,NaN\n");
        List<SteadyRow> rows = SteadyRows.read(csv);
        SteadyRow.ServerCpu cpu = rows.get(0).serverCpu();
        assertEquals(new SteadyRow.ServerCpu(800, 100, 40, 50), cpu);
        // 40 % of a core is 400 ms a second, over 800 replies.
        assertEquals(0.5, cpu.tomcatMillisPerReply(), 1e-9);
        assertEquals(0.625, cpu.databaseMillisPerReply(), 1e-9);
        assertEquals(10, cpu.restPercent(), 1e-9);
        assertTrue(Double.isNaN(rows.get(1).serverCpu().tomcatMillisPerReply()), "a row from before the processes");
        Files.writeString(csv, HEADER + "\n1,40,nio,abc1234,12,0,5,false\n");
        assertEquals(SteadyRow.ServerCpu.UNKNOWN, SteadyRows.read(csv).get(0).serverCpu());
    }

    @Test
    void testAMissingColumnIsNamedWithItsFile(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("campaign-a.csv");
        Files.writeString(csv, HEADER.replace(",server_abandoned_per_s", "") + "\n1,40,nio,abc1234,12,5,false\n");
        IOException e = assertThrows(IOException.class, () -> SteadyRows.read(List.of(csv)));
        assertTrue(e.getMessage().contains("campaign-a.csv") && e.getMessage().contains("'server_abandoned_per_s'"),
                e.getMessage());
    }

    @Test
    void testAnOlderRowsQuickPagesAreNotReadAsMidVisit(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("steady.csv");
        Files.writeString(csv, HEADER.replace("quick_mid_visit_p99_ms", "quick_p99_ms")
                + "\n1,40,nio,abc1234,12,0,10000,false\n");
        assertTrue(Double.isNaN(SteadyRows.read(csv).get(0).quickP99Millis()),
                "a probe that timed its waits to get in measured another figure");
    }

    @Test
    void testBadCellsAreNamedWithTheirLine(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("steady.csv");
        Files.writeString(csv, HEADER + "\n1,40,nio,abc1234,12,0,5,false\n2,40,nio,abc1234,1.2.3,0,5,false\n");
        IOException e = assertThrows(IOException.class, () -> SteadyRows.read(csv));
        assertTrue(e.getMessage().contains("line 3") && e.getMessage().contains("'completed_per_s'"), e.getMessage());
        Files.writeString(csv, HEADER + "\n1,40,nio,abc1234,12,0,5,yes\n");
        assertTrue(assertThrows(IOException.class, () -> SteadyRows.read(csv)).getMessage().contains("client_limited"));
        Files.writeString(csv, HEADER + "\n1,40,nio,abc1234,12,0,5,false\n1,40,nio,abc1234,13,0,5,false\n");
        assertTrue(assertThrows(IOException.class, () -> SteadyRows.read(csv)).getMessage().contains("a second row"));
        Files.writeString(csv, HEADER + "\n0,40,nio,abc1234,12,0,5,false\n");
        assertTrue(assertThrows(IOException.class, () -> SteadyRows.read(csv)).getMessage().contains("block 0"));
    }

    @Test
    void testBlocksAreNumberedPerFile(@TempDir Path dir) throws IOException {
        Path a = dir.resolve("a.csv");
        Path b = dir.resolve("b.csv");
        Files.writeString(a, HEADER + "\n1,40,nio,abc1234,12,0,5,false\n");
        Files.writeString(b, HEADER + "\n1,40,nio,abc1234,14,0,5,false\n");
        List<SteadyRow> rows = SteadyRows.read(List.of(a, b));
        assertEquals(2, rows.size());
        assertFalse(rows.get(0).blockId().equals(rows.get(1).blockId()));
    }
}
