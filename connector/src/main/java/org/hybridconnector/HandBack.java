package org.hybridconnector;

/**
 * How a connection goes back to the selector when a worker, or Coyote's async path, is done with
 * it for now: each call queues the change for the selector thread, which makes it (see
 * {@link Connection}). The socket wrapper sees its selector side only through this.
 * <p>
 * Thread safety: any thread; the hand-over through the selector's queue publishes everything the
 * caller wrote before it.
 */
interface HandBack {

    /** Park between requests, until the next request head is complete. */
    void awaitHead();

    /**
     * Park until any further bytes arrive, for the processor attached to the connection: for
     * {@code connectionTimeout} at most, or without limit if Coyote turned the read time-out off
     * (an upgraded connection, whose protocol keeps its own time-outs).
     */
    void awaitData();

    /** Dispatch with {@code OPEN_WRITE} once the socket can take more bytes. */
    void awaitWrite();

    /**
     * Finish sending {@code file}, which a worker has started; then park for the next request,
     * or close if the response said so.
     */
    void finishTransfer(FileTransfer file);

    /**
     * Wait for the socket to be ready for an asynchronous operation whose socket was not, then hand
     * it to a worker: apart from, and at the same time as, any other wait of the connection.
     */
    void awaitOperation(PendingOperation operation);

    /**
     * Close after the last response, without resetting it: half-close now, then wait a little for
     * the client to close its side, dropping whatever it still sends (see {@link Lingering}).
     */
    void linger();

    /**
     * The connection has closed, whichever thread closed it (an application closing its
     * WebSocket, HTTP/2 ending an idle connection): its wait in the selector and its counts end too.
     */
    void closed();
}
