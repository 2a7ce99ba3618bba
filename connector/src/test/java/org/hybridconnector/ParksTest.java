package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.channels.CancelledKeyException;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

class ParksTest {

    private final Parks parks = new Parks(new HybridEndpoint());
    private final AtomicInteger closed = new AtomicInteger();

    /** A connection whose deadline news fails with {@code failure}. */
    private Selectable failingWith(RuntimeException failure) {
        return new Selectable() {
            @Override
            public void selected(int readyOps) {
            }

            @Override
            public void operationsDue(long nowNanos) {
                throw failure;
            }

            @Override
            public void closeIfParked() {
            }

            @Override
            public void closeNow() {
                closed.incrementAndGet();
            }
        };
    }

    /** A worker closed the channel as its deadline came: the key is cancelled, no defect to log. */
    @Test
    void testAKeyCancelledMeanwhileClosesTheConnectionQuietly() {
        parks.addOperationDeadline(failingWith(new CancelledKeyException()), 10);
        parks.expire(10);
        assertEquals(1, closed.get());
    }

    @Test
    void testADefectClosesTheConnectionAndReachesTheLoop() {
        parks.addOperationDeadline(failingWith(new IllegalStateException("a defect")), 10);
        assertThrows(IllegalStateException.class, () -> parks.expire(10));
        assertEquals(1, closed.get());
    }
}
