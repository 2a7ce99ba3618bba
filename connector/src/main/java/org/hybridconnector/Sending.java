package org.hybridconnector;

import java.io.IOException;

/**
 * The rest of a response that the selector thread sends as the client takes it: a file a worker
 * began, or a cached response. It keeps the count of transfers in progress, and when the client
 * last took bytes, since a transfer stalls ({@link Deadline#STALL}) only when the client has taken
 * none for {@code connectionTimeout}.
 * <p>
 * Thread safety: the selector thread's only, as its {@link Connection}'s.
 */
final class Sending {

    private final Parks parks;
    private Transfer transfer;
    /** When the client last took bytes of the transfer, or it began. */
    private long progressNanos;

    Sending(Parks parks) {
        this.parks = parks;
    }

    /** Begins sending {@code rest}; its stall deadline holds {@code place}. */
    void start(Transfer rest, ExpiryQueue.Place<Selectable> place) {
        transfer = rest;
        parks.transfersChanged(1);
        progressNanos = System.nanoTime();
        parks.add(Deadline.STALL, place, progressNanos);
    }

    /**
     * Sends what the socket takes: called when it can take more, so the client has taken bytes.
     *
     * @return the transfer once it is all sent (and ended), else {@code null}
     */
    Transfer advance(Transfer.Sink connection) throws IOException {
        progressNanos = System.nanoTime();
        Transfer sent = transfer;
        if (!sent.advance(connection)) {
            return null;
        }
        end();
        return sent;
    }

    /**
     * Whether the transfer has stalled when its deadline passes; if the client has taken bytes
     * since, the deadline counts again from the last of them, holding {@code place}.
     */
    boolean stalled(long nowNanos, ExpiryQueue.Place<Selectable> place) {
        if (nowNanos - progressNanos >= parks.stallNanos()) {
            return true;
        }
        parks.add(Deadline.STALL, place, progressNanos);
        return false;
    }

    /** What is being sent, for messages. */
    String name() {
        return transfer.name();
    }

    /** Ends the transfer in progress, if any, and lets what it sends go. */
    void end() {
        if (transfer != null) {
            transfer.close();
            transfer = null;
            parks.transfersChanged(-1);
        }
    }
}
