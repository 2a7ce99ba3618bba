package org.hybridconnector.bench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MachineFactsTest {

    @TempDir
    Path dir;

    @Test
    void testTheFirstCpusModelIsNamed() throws IOException {
        Path cpuinfo = Files.writeString(dir.resolve("cpuinfo"), "processor\t: 0\nvendor_id\t: AuthenticAMD\n"
                + "model name\t: AMD EPYC 7B13\nprocessor\t: 1\nmodel name\t: AMD EPYC 7B13\n");
        assertEquals("AMD EPYC 7B13", MachineFacts.cpuModel(cpuinfo));
        assertEquals("?", MachineFacts.cpuModel(dir.resolve("missing")));
    }

    @Test
    void testMemoryIsInWholeGibRoundedDownAsFreeSaysIt() throws IOException {
        Path meminfo = Files.writeString(dir.resolve("meminfo"), "MemTotal:       24567012 kB\nMemFree:  1 kB\n");
        assertEquals(23, MachineFacts.memoryGib(meminfo));
    }

    @Test
    void testHttperfsVersionIsReadFromItsBanner() {
        assertEquals("0.9.0", MachineFacts.httperfVersion("httperf: httperf-0.9.0 compiled Jan  1 2023 with DEBUG"));
        assertEquals("?", MachineFacts.httperfVersion("bash: httperf: command not found"));
    }

    @Test
    void testThisMachineHasCoresAndMemory() {
        MachineFacts machine = MachineFacts.read();
        assertTrue(machine.cores() >= 1);
        assertTrue(machine.memoryGib() >= 0, "/proc/meminfo read");
    }
}
