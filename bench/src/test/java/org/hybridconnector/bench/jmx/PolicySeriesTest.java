package org.hybridconnector.bench.jmx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The policy series from counters as jmx-sample writes them, recorded from a hybrid-all step. */
class PolicySeriesTest {

    private static final String SAMPLED = "seconds,ProtocolHandler.admittedSessionCount,ProtocolHandler.turnedAwayCount,"
            + "ProtocolHandler.sessionsInProgress,ProtocolHandler.sessionLimit,ProtocolHandler.workerCount,"
            + "ProtocolHandler.lengthyReserve,ProtocolHandler.generalQueueDelayMillis,ProtocolHandler.lengthyQueueDelayMillis";

    @Test
    void testCountsBecomeRatesOverEachIntervalAndTheRestIsAsSampled() throws IOException {
        List<String> series = PolicySeries.fromSamples(List.of(SAMPLED,
                "0,1200,40,31,-1,10,-1,0,0",
                "5,1262,40,48,44,12,3,180,95",
                "10,1301,131,44,44,12,3,212,140"));
        assertEquals(List.of(PolicySeries.HEADER,
                "5,12.4,0.0,48,44,12,3,180,95",
                "10,7.8,18.2,44,44,12,3,212,140"), series);
    }

    @Test
    void testARateOfCountsNotReadIsLeftEmpty() throws IOException {
        assertEquals("5,,0.2,3,,,,,", PolicySeries.fromSamples(List.of(SAMPLED, "0,,7,2,,,,,", "5,4,8,3,,,,,")).get(1));
    }

    @Test
    void testSamplesNotAsJmxSampleWritesThemAreRefusedNamingTheLine() {
        IOException columns = assertThrows(IOException.class,
                () -> PolicySeries.fromSamples(List.of("seconds,ThreadPool.currentThreadsBusy", "0,3")));
        assertTrue(columns.getMessage().contains("1 columns, not the 8"), columns.getMessage());
        IOException cells = assertThrows(IOException.class,
                () -> PolicySeries.fromSamples(List.of(SAMPLED, "0,1,2,3,4,5,6,7,8", "5,1,2")));
        assertTrue(cells.getMessage().startsWith("line 3 has 3 cells"), cells.getMessage());
        IOException seconds = assertThrows(IOException.class,
                () -> PolicySeries.fromSamples(List.of(SAMPLED, "5,1,2,3,4,5,6,7,8", "5,1,2,3,4,5,6,7,8")));
        assertTrue(seconds.getMessage().contains("do not rise"), seconds.getMessage());
    }
}
