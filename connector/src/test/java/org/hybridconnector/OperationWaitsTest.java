package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.channels.SelectionKey;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * The deadlines of a connection's asynchronous operations in the {@link Parks}: one entry at a
 * time, however often they wait, and never none while a timed operation waits.
 */
class OperationWaitsTest {

    private static final long TIMEOUT = TimeUnit.SECONDS.toNanos(5);
    private static final long T0 = 1_000_000_000L;

    private final Parks parks = new Parks(new HybridEndpoint());
    private final Selectable connection = new Selectable() {
        @Override
        public void selected(int readyOps) {
        }

        @Override
        public void operationsDue(long nowNanos) {
            assertTrue(waits.expire(nowNanos), "nothing is due, nothing is dispatched");
        }

        @Override
        public void closeIfParked() {
        }

        @Override
        public void closeNow() {
        }
    };
    // No dispatcher: a test whose operation fell due would fail on it.
    private final OperationWaits waits = new OperationWaits(connection, parks, null);

    /** A write that waits for its socket, with the time-out HTTP/2 gives a stream's write. */
    private static PendingOperation write(long timeoutNanos) {
        return new PendingOperation() {
            @Override
            public int interestOp() {
                return SelectionKey.OP_WRITE;
            }

            @Override
            public long timeoutNanos() {
                return timeoutNanos;
            }

            @Override
            public void timedOut() {
                throw new AssertionError("timed out");
            }

            @Override
            public void run() {
                throw new AssertionError("run");
            }
        };
    }

    @Test
    void testAnOperationThatWaitsAgainAndAgainKeepsOneEntry() {
        // A slow reader's download: the socket fills a thousand times a second.
        for (int i = 0; i < 1000; i++) {
            waits.add(write(TIMEOUT), T0 + TimeUnit.MILLISECONDS.toNanos(i));
        }
        assertEquals(1, parks.operationDeadlines());
    }

    @Test
    void testTheEntryFallingDueBeforeTheDeadlineIsPutBackForIt() {
        waits.add(write(TIMEOUT), T0);
        long later = T0 + TimeUnit.SECONDS.toNanos(3);
        waits.add(write(TIMEOUT), later); // the write went on, and waits again
        parks.expire(T0 + TIMEOUT);
        assertEquals(1, parks.operationDeadlines(), "the wait from 3 s on still has a deadline");
        assertEquals(TimeUnit.SECONDS.toNanos(3), parks.nanosUntilNext(T0 + TIMEOUT, Long.MAX_VALUE));
    }

    @Test
    void testAnEarlierDeadlineGetsAnEntryOfItsOwn() {
        waits.add(write(TIMEOUT), T0);
        waits.add(write(TimeUnit.SECONDS.toNanos(1)), T0 + 1);
        assertEquals(2, parks.operationDeadlines());
        assertEquals(TimeUnit.SECONDS.toNanos(1) + 1, parks.nanosUntilNext(T0, Long.MAX_VALUE));
    }

    @Test
    void testAnOperationWithoutTimeOutHasNoEntry() {
        waits.add(write(-1), T0);
        assertEquals(0, parks.operationDeadlines());
        assertEquals(SelectionKey.OP_WRITE, waits.interest());
    }
}
