package org.hybridconnector.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

/**
 * Polls a condition until it holds, failing once a deadline has passed: for what the server
 * updates on its own time, such as a counter Coyote raises just after the response a test has
 * already read, or a policy's figure that moves over windows.
 */
public final class Await {

    /** A condition that may read the server (and so throw). */
    public interface Condition {
        boolean holds() throws Exception;
    }

    private Await() {
    }

    public static void until(Condition condition, int seconds, String failure) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.holds()) {
            assertTrue(System.nanoTime() < deadline, failure);
            Thread.sleep(100);
        }
    }
}
