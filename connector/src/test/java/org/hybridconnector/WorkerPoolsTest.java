package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;

import org.hybridconnector.admission.QueueWatcher;
import org.hybridconnector.admission.RequestPermit;
import org.hybridconnector.admission.WorkLoad;
import org.hybridconnector.admission.WorkQueue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The two rules about workers, used together: the adaptive count sizes the general pool by its own load. */
class WorkerPoolsTest {

    private final HybridEndpoint endpoint = new HybridEndpoint();
    private final WorkLoad load = new WorkLoad(10);

    @AfterEach
    void close() {
        endpoint.shutdownExecutor();
    }

    /**
     * Quick requests keep the general pool's two workers busy with four more queued; the lengthy pool
     * idles. Counted over both pools, utilization read a half and the count never grew.
     */
    @Test
    void testTheAdaptiveCountGrowsWhileTheGeneralPoolIsBusyAndTheLengthyOneIdles() {
        endpoint.setMaxThreads(10);
        endpoint.createExecutor();
        WorkerPools pools = new WorkerPools(endpoint, load, 10, 100, 0, 2);
        assertEquals(2, pools.generalCapacity());
        assertEquals(2, pools.lengthyThreads());
        for (int request = 0; request < 6; request++) {
            assertEquals(WorkQueue.GENERAL, pools.queueOf(pools.route("/quick")));
            RequestPermit permit = RequestPermit.take(load, QueueWatcher.NONE, WorkQueue.GENERAL);
            if (request < 2) {
                permit.start();
            }
        }
        long now = System.nanoTime();
        for (int tick = 0; tick <= 60; tick++) {
            pools.tick(now + TimeUnit.MILLISECONDS.toNanos(100L * tick));
        }
        assertEquals(3, pools.generalCapacity(), "a step up on trial after the first five-second window");
        pools.shutdown(false);
    }
}
