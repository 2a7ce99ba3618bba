package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/** A write wait's deadline in the {@link Parks}: one entry however often it begins again. */
class WriteWaitTest {

    private final Parks parks = new Parks(new HybridEndpoint());
    private final WriteWait wait = new WriteWait(new Selectable() {
        @Override
        public void selected(int readyOps) {
        }

        @Override
        public void closeIfParked() {
        }

        @Override
        public void closeNow() {
        }
    }, parks);

    @Test
    void testAWaitBegunAgainAndAgainKeepsOneEntry() {
        for (int i = 0; i < 1000; i++) {
            wait.begin(20_000);
        }
        assertEquals(1, parks.operationDeadlines());
    }

    /** Coyote may lower the write time-out between waits: the wait must not time out late. */
    @Test
    void testALowerTimeOutGetsAnEntryOfItsOwn() {
        wait.begin(20_000);
        wait.begin(1_000);
        assertEquals(2, parks.operationDeadlines());
        long next = parks.nanosUntilNext(System.nanoTime(), Long.MAX_VALUE);
        assertTrue(next <= TimeUnit.SECONDS.toNanos(1), next + " ns to the next deadline");
    }
}
