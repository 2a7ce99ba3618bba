package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** Waiting in a test for a condition another thread brings about, as the baselines' tests do. */
public final class Conditions {

    private Conditions() {
    }

    /** Waits up to ten seconds for {@code condition}; fails with {@code message} if it never holds. */
    public static void await(BooleanSupplier condition, String message) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, message);
            Thread.sleep(10);
        }
    }
}
