package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.Socket;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.apache.coyote.ProtocolHandler;

/** What the baselines' tests share: waiting for a condition another thread brings about, and the tear-down. */
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

    /** Closes the test's clients, then pauses, stops and destroys the protocol if one was started. */
    public static void close(List<Socket> clients, ProtocolHandler protocol) throws Exception {
        for (Socket client : clients) {
            client.close();
        }
        if (protocol != null) {
            protocol.pause();
            protocol.stop();
            protocol.destroy();
        }
    }
}
