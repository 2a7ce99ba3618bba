package org.hybridconnector;

import java.io.IOException;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.Selector;

/**
 * How other threads reach a connection's selector side: each {@link HandBack} call, and the
 * acceptor's {@link #register()}, queues a step that the selector thread runs on the
 * connection ({@link Steps}, which {@link Connection} is) unless it closed meanwhile, then brings
 * the connection's key in line.
 * <p>
 * Thread safety: any thread; the selector's update queue publishes what the caller wrote before.
 */
final class QueuedHandBack implements HandBack {

    private final SelectorLoop loop;
    private final Steps connection;
    /** The hand-back after every request served, made once so that it costs no allocation. */
    private final SelectorLoop.Update awaitHead;

    QueuedHandBack(SelectorLoop loop, Steps connection) {
        this.loop = loop;
        this.connection = connection;
        this.awaitHead = update(selector -> connection.awaitHeadNow());
    }

    /** Takes in a connection the acceptor has just accepted. */
    void register() {
        loop.submit(update(connection::register));
    }

    @Override
    public void awaitHead() {
        loop.submit(awaitHead);
    }

    @Override
    public void awaitData() {
        loop.submit(update(selector -> connection.awaitData()));
    }

    @Override
    public void awaitWrite() {
        loop.submit(update(selector -> connection.awaitWrite()));
    }

    @Override
    public void finishTransfer(FileTransfer file) {
        loop.submit(selector -> {
            if (connection.isClosed()) {
                // Closed on its way here: only the file is left to let go.
                file.close();
                return;
            }
            connection.startSending(file);
            connection.updateKey();
        });
    }

    @Override
    public void awaitOperation(PendingOperation operation) {
        loop.submit(update(selector -> connection.awaitOperation(operation)));
    }

    @Override
    public void linger() {
        loop.submit(update(selector -> connection.lingerNow()));
    }

    @Override
    public void closed() {
        // On the selector thread the closing step has let go already; not through update(), which skips closed ones.
        if (!loop.isLoopThread()) {
            loop.submit(selector -> connection.closeNow());
        }
    }

    /** What the queued steps do to the connection, on the selector thread. */
    interface Steps {

        void register(Selector selector) throws IOException;

        void awaitHeadNow();

        void awaitData();

        void awaitWrite();

        void awaitOperation(PendingOperation operation);

        void startSending(Transfer rest);

        void lingerNow();

        /** Closes, or if closed already by another thread, leaves its wait and counts. */
        void closeNow();

        boolean isClosed();

        /** Brings the key's interest set in line with what the connection wants now. */
        void updateKey();

        /** A step failed: the connection must close. */
        void stepFailed(Exception e);
    }

    /** A step another thread asked for, run on the selector thread. */
    private interface Step {
        void run(Selector selector) throws IOException;
    }

    private SelectorLoop.Update update(Step step) {
        return selector -> {
            if (connection.isClosed()) {
                return;
            }
            try {
                step.run(selector);
                connection.updateKey();
            } catch (IOException | CancelledKeyException e) {
                connection.stepFailed(e);
            } catch (RuntimeException e) {
                // A defect: the connection ends, and the loop logs it.
                connection.closeNow();
                throw e;
            }
        };
    }
}
