package org.hybridconnector;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

import org.apache.juli.logging.Log;
import org.apache.tomcat.util.net.AbstractEndpoint.Handler;
import org.apache.tomcat.util.net.SocketEvent;
import org.apache.tomcat.util.net.SocketWrapperBase;
import org.apache.tomcat.util.res.StringManager;
import org.hybridconnector.admission.AdmissionPolicy;
import org.hybridconnector.admission.RequestGate;
import org.hybridconnector.admission.RequestPermit;
import org.hybridconnector.admission.WorkLoad;

/**
 * Hands connections to the workers: asks the request gate about a request whose head is complete,
 * picks the worker pool by the request's path, takes the request's {@link RequestPermit} and
 * queues a {@link ServeTask}; the permit is released when the task ends, however it ends, at
 * once if the pool refuses the task, or when a stop drops the task unrun.
 * <p>
 * Threads: the selector thread dispatches heads, readiness and asynchronous operations that may go
 * on; Coyote's async path (completion, dispatch, time-outs) dispatches from workers and from
 * Tomcat's utility threads, possibly with {@code dispatch == false} to serve inline; {@link #run}
 * is called from workers, application threads and Tomcat's (HTTP/2 streams, async tasks).
 */
final class Dispatcher {

    private static final StringManager sm = StringManager.getManager(Dispatcher.class);
    /** The counted work the current thread runs, if any. */
    private static final ThreadLocal<CountedWork> RUNNING = new ThreadLocal<>();

    private final Handler<SocketChannel> handler;
    private final Log log;
    private final WorkLoad load;
    private final AdmissionPolicy policy;
    private final WorkerPools pools;
    private final SelfServedLog selfServed;
    /** The response cache's side in the selector; {@code null} while the cache is off. */
    private final Accelerator accelerator;

    /**
     * @param selfServed  where the responses the selector writes itself are reported to Tomcat
     * @param accelerator what answers from the response cache, or {@code null}
     */
    Dispatcher(Handler<SocketChannel> handler, Log log, WorkLoad load, AdmissionPolicy policy, WorkerPools pools,
            SelfServedLog selfServed, Accelerator accelerator) {
        this.handler = handler;
        this.log = log;
        this.load = load;
        this.policy = policy;
        this.pools = pools;
        this.selfServed = selfServed;
        this.accelerator = accelerator;
    }

    /**
     * The response cache's answer to a complete request head, for the selector to send with no
     * worker; {@code null} if the cache is off or has none, and the head goes to {@link #serveHead}.
     *
     * @param headEnd where the head ends in the read buffer if it is well formed, else -1
     */
    CachedReply answerFromCache(HybridSocketWrapper connection, int headEnd) {
        return accelerator == null ? null
                : accelerator.answer(connection, connection.getSocketBufferHandler().getReadBuffer(), headEnd);
    }

    /**
     * The selector's hand-over of a connection whose request head has arrived whole: the request
     * gate may turn a new session away here, with a 503 and before any worker is spent on it (the
     * 503 still reaches the access log and the request counters, through {@link SelfServedLog}),
     * and the request's path picks its worker pool.
     *
     * @param first whether the head is the connection's first
     * @return {@code false} if the connection must be closed, after its 503 if it was turned away
     */
    boolean serveHead(HybridSocketWrapper connection, boolean first) {
        ByteBuffer head = connection.getSocketBufferHandler().getReadBuffer();
        RequestGate gate = policy.requestGate();
        if (!gate.admits(new PeekedRequest(connection, head, first))) {
            turnAway(connection, head, gate.retryAfterSeconds());
            return false;
        }
        return submit(connection, SocketEvent.OPEN_READ, pools.wantsPaths() ? HeadPeek.path(head) : null, true);
    }

    /**
     * Writes the 503 of a turned-away request and reports it, with the addresses read before the
     * caller closes the connection (a lingering close, so that a body or a request pipelined
     * behind the head does not reset the 503 away); the bytes sent are those of the body the
     * transport took (as Tomcat counts a response's bytes: without its head).
     */
    private void turnAway(HybridSocketWrapper connection, ByteBuffer head, int retryAfterSeconds) {
        long startNanos = System.nanoTime();
        ByteBuffer response = ByteBuffer.wrap(OverloadResponse.bytes(retryAfterSeconds));
        try {
            connection.sendNow(new ByteBuffer[] { response });
            connection.flushTransport();
        } catch (IOException e) {
            connection.logDebug(sm.getString("dispatcher.turnAwayFailed", connection), e);
        }
        long bodySent = Math.max(0, OverloadResponse.bodyLength() - response.remaining());
        selfServed.report(new SelfServed(SelfServed.copyHead(head), connection.getRemoteAddr(),
                connection.getRemotePort(), connection.getLocalAddr(), connection.getLocalPort(),
                OverloadResponse.STATUS, bodySent, startNanos, System.nanoTime()));
    }

    /** Hands a connection to a worker for {@code event}: readiness, an error, an async event. */
    boolean dispatch(SocketWrapperBase<SocketChannel> connection, SocketEvent event) {
        return submit(connection, event, null, true);
    }

    /**
     * Serves an event Coyote raised from its own threads (an async completion or dispatch, a
     * time-out). One the pool refuses ends the connection, as stock NIO's poller ends one it cannot
     * dispatch: Coyote does not, and no turn would be left to hand it back to the selector.
     */
    boolean raise(SocketWrapperBase<SocketChannel> connection, SocketEvent event, boolean dispatch) {
        if (submit(connection, event, null, dispatch)) {
            return true;
        }
        connection.close();
        return false;
    }

    /**
     * Serves {@code event} on a worker, or with {@code dispatch == false} on the calling thread,
     * counting it as ready work until a worker picks it up.
     *
     * @param path the request's path, to pick its pool by; {@code null} if no head was seen
     * @return {@code false} if the pool refused it and the connection must be closed
     */
    boolean submit(SocketWrapperBase<SocketChannel> connection, SocketEvent event, String path, boolean dispatch) {
        return execute(new ServeTask(connection, event, handler, log), path, dispatch, connection);
    }

    /**
     * Lets an asynchronous operation whose socket became ready, or whose wait timed out, go on on a
     * worker of the general pool, counted as work like a request: it finishes its I/O and calls its
     * completion handler, which is the upgraded protocol's code.
     *
     * @return {@code false} if the pool refused it and the connection must be closed
     */
    boolean resume(PendingOperation operation) {
        return execute(operation, null, true, operation);
    }

    /**
     * Runs {@code work} that Coyote hands to a container thread (an HTTP/2 stream, a task of
     * {@code AsyncContext.start}, a WebSocket send's result) on a worker of the general pool,
     * counted as a request. A refusal is the caller's to handle, as with Tomcat's own executor: some
     * run the work themselves then, so it is not logged here.
     *
     * @throws RejectedExecutionException if the pool refused it
     */
    void run(Runnable work) {
        start(work, null, true);
    }

    private boolean execute(Runnable work, String path, boolean dispatch, Object subject) {
        try {
            start(work, path, dispatch);
            return true;
        } catch (RejectedExecutionException e) {
            log.warn(sm.getString("endpoint.executorRejected", subject), e);
            return false;
        }
    }

    /**
     * Queues {@code work} with its permit, or with {@code dispatch == false} runs it here. On a thread
     * that runs counted work already (an {@code AsyncContext.start} task that dispatches), work run
     * inline is part of that work: it holds no second worker, so it takes no second permit.
     *
     * @throws RejectedExecutionException if the pool refused it, its permit released
     */
    private void start(Runnable work, String path, boolean dispatch) {
        if (!dispatch && RUNNING.get() != null) {
            work.run();
            return;
        }
        Executor pool = pools.route(path);
        CountedWork counted = new CountedWork(work, pool, path,
                RequestPermit.take(load, policy.queueWatcher(), pools.queueOf(pool)));
        if (!dispatch || pool == null) {
            counted.run();
            return;
        }
        try {
            pool.execute(counted);
        } catch (RejectedExecutionException e) {
            counted.drop();
            throw e;
        }
    }

    /** Work queued with its permit: the permit goes back when the work ends, or when it is dropped unrun. */
    private final class CountedWork implements WorkerPools.Droppable {

        private final Runnable work;
        private final Executor pool;
        private final String path;
        private final RequestPermit permit;

        CountedWork(Runnable work, Executor pool, String path, RequestPermit permit) {
            this.work = work;
            this.pool = pool;
            this.path = path;
            this.permit = permit;
        }

        @Override
        public void run() {
            long startedAt = System.nanoTime();
            CountedWork outer = RUNNING.get();
            RUNNING.set(this);
            permit.start();
            try {
                work.run();
            } finally {
                RUNNING.set(outer);
                pools.finished(pool, path, System.nanoTime() - startedAt);
                permit.release();
            }
        }

        @Override
        public void drop() {
            permit.release();
            pools.finished(pool, null, 0);
            if (work instanceof ServeTask turn) {
                turn.dropped();
            }
        }
    }
}
