package org.hybridconnector.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalLong;

import org.junit.jupiter.api.Test;

class CpuTimeTest {

    @Test
    void testTicksBecomeAShareOfOneCore() {
        assertEquals(200.0, CpuTime.percentOfOneCore(OptionalLong.of(100), OptionalLong.of(12_100), 100, 60), 1e-9);
        assertEquals(25.0, CpuTime.percentOfOneCore(OptionalLong.of(0), OptionalLong.of(250), 1000, 1), 1e-9);
    }

    @Test
    void testAMissingReadingIsNotANumber() {
        assertTrue(Double.isNaN(CpuTime.percentOfOneCore(OptionalLong.empty(), OptionalLong.of(5), 100, 1)));
        assertTrue(Double.isNaN(CpuTime.percentOfOneCore(OptionalLong.of(5), OptionalLong.empty(), 100, 1)));
    }
}
