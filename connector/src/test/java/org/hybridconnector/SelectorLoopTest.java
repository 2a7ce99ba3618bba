package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.juli.logging.LogFactory;
import org.hybridconnector.admission.MeasuringClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The one selector thread every connection depends on outlives a defect met on it: an update or a
 * connection's event that throws is logged, the connection concerned is closed, and the loop goes
 * on selecting for the rest.
 */
@Timeout(30)
class SelectorLoopTest {

    private SelectorLoop loop;
    private Thread thread;

    @BeforeEach
    void startLoop() throws IOException {
        loop = new SelectorLoop("test", LogFactory.getLog(SelectorLoopTest.class), new Parks(new HybridEndpoint()),
                MeasuringClock.NONE, () -> { });
        thread = new Thread(loop, "test-Selector");
        thread.start();
    }

    @AfterEach
    void stopLoop() throws InterruptedException {
        loop.halt();
        thread.join(10_000);
    }

    @Test
    void testAnUpdateThatThrowsLeavesTheLoopRunning() throws Exception {
        loop.submit(selector -> {
            throw new IllegalStateException("a defect in one connection's step");
        });
        assertTrue(stillSelects(), "the selector thread ended with the failed update");
    }

    @Test
    void testAConnectionWhoseEventThrowsIsClosedAndTheLoopGoesOn() throws Exception {
        CountDownLatch closed = new CountDownLatch(1);
        Pipe pipe = Pipe.open();
        try (Pipe.SinkChannel sink = readable(pipe, new Quiet() {
            @Override
            public void selected(int readyOps) {
                throw new IllegalStateException("a defect in this connection's handling");
            }

            @Override
            public void closeNow() {
                // As a connection's close does: the channel closes, so its key is reported no more.
                try {
                    pipe.source().close();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                closed.countDown();
            }
        })) {
            assertTrue(closed.await(10, TimeUnit.SECONDS), "the failed connection was not closed");
        }
        assertTrue(stillSelects(), "the selector thread ended with the failed connection");
    }

    /**
     * Whether the loop still reports a channel ready: more than that it runs an update, which a
     * loop that failed may still do as it closes.
     */
    private boolean stillSelects() throws Exception {
        CountDownLatch selected = new CountDownLatch(1);
        try (Pipe.SinkChannel sink = readable(Pipe.open(), new Quiet() {
            @Override
            public void selected(int readyOps) {
                selected.countDown();
            }
        })) {
            return selected.await(10, TimeUnit.SECONDS);
        }
    }

    /** Has the loop select {@code pipe}'s reading end for {@code selectable}, with a byte to read; its writing end. */
    private Pipe.SinkChannel readable(Pipe pipe, Selectable selectable) throws IOException {
        pipe.source().configureBlocking(false);
        loop.submit(selector -> register(pipe.source(), selector, selectable));
        pipe.sink().write(ByteBuffer.wrap(new byte[] { 1 }));
        return pipe.sink();
    }

    private static void register(Pipe.SourceChannel source, Selector selector, Selectable selectable) {
        try {
            source.register(selector, SelectionKey.OP_READ, selectable);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A connection that ignores everything but what a test overrides. */
    private abstract static class Quiet implements Selectable {

        @Override
        public void closeIfParked() {
        }

        @Override
        public void closeNow() {
        }
    }
}
