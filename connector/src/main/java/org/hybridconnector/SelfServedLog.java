package org.hybridconnector;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

import org.apache.coyote.Adapter;
import org.apache.coyote.Request;
import org.apache.coyote.RequestGroupInfo;
import org.apache.coyote.RequestInfo;
import org.apache.juli.logging.Log;
import org.apache.tomcat.util.ExceptionUtils;
import org.apache.tomcat.util.res.StringManager;

/**
 * Reports to Tomcat, as a request, a response the selector thread wrote itself ({@link SelfServed}):
 * through {@code Adapter.log}, which writes it to the access log as Tomcat does for a request its
 * processor refuses early (a bad head's 400), and into the protocol handler's
 * {@code GlobalRequestProcessor} figures (requestCount, errorCount for a status of 400 or more,
 * bytesSent, processingTime, maxTime), as Coyote's processors count theirs through their
 * {@code RequestInfo}.
 * <p>
 * Threads: the selector thread calls {@link #report} and, at the end of each round of its loop,
 * {@link #flush}; neither blocks nor does logging work itself (the adapter maps the request, and an
 * access log may write to disk as it goes): the round's reports are queued together for Tomcat's
 * utility executor, where one task at a time logs what is waiting. If that executor refuses them,
 * or too many reports are already waiting for it ({@link #MAX_PENDING}, so that a flood of
 * turned-away clients or of cache hits cannot grow its queue without bound), reports are dropped
 * and counted ({@link #droppedCount()}, and a debug line). The utility threads
 * build the request, count it under the request group's lock and call the adapter. The endpoint
 * makes one on its first start and keeps it for its life, so that its counts stay in the group
 * across a stop and a start, as the group's own figures do.
 */
final class SelfServedLog {

    /** Reports waiting for the utility executor beyond which new ones are dropped. */
    static final int MAX_PENDING = 8192;

    private static final StringManager sm = StringManager.getManager(SelfServedLog.class);

    private final Supplier<Adapter> adapter;
    private final Supplier<? extends Executor> executor;
    private final boolean secure;
    private final Log log;
    /** The group behind the {@code GlobalRequestProcessor} bean; {@code null} if there is none. */
    private final RequestGroupInfo group;
    /** The selector's own counters, one processor's worth in the group; guarded by {@link #group}. */
    private final RequestInfo counts;
    /** The request and response each report is written into: the drain task's, one at a time. */
    private final Request reused = new Request();
    private final AtomicInteger pending = new AtomicInteger();
    /** The reports of the selector's current round: its thread's alone. */
    private List<SelfServed> round = new ArrayList<>();
    private final Queue<List<SelfServed>> waiting = new ConcurrentLinkedQueue<>();
    /** Whether a drain task is queued or running: at most one is. */
    private final AtomicBoolean draining = new AtomicBoolean();
    private final LongAdder dropped = new LongAdder();

    /**
     * @param adapter  Catalina's adapter, read when a report is made (it is set after the endpoint is made)
     * @param executor where the log work runs: Tomcat's utility executor
     * @param global   the protocol handler's {@code getGlobal()}: a {@link RequestGroupInfo}, or else no counts
     * @param secure   whether the connector speaks TLS: the requests' scheme
     */
    SelfServedLog(Supplier<Adapter> adapter, Supplier<? extends Executor> executor, Object global, boolean secure,
            Log log) {
        this.adapter = adapter;
        this.executor = executor;
        this.secure = secure;
        this.log = log;
        this.reused.setResponse(new org.apache.coyote.Response());
        this.group = global instanceof RequestGroupInfo g ? g : null;
        this.counts = group == null ? null : new RequestInfo(new Request());
        if (counts != null) {
            counts.setGlobalProcessor(group);
        }
    }

    /** Selector thread: keeps {@code served} until the end of the selector's round ({@link #flush}). */
    void report(SelfServed served) {
        round.add(served);
    }

    /**
     * Selector thread, at the end of each round of the loop: queues the round's reports for the
     * utility executor, or drops them; never blocks. One hand-over a round, not one a response.
     */
    void flush() {
        if (round.isEmpty()) {
            return;
        }
        List<SelfServed> batch = round;
        round = new ArrayList<>();
        Adapter target = adapter.get();
        Executor runner = executor.get();
        // Only this thread adds to pending; the drain only lowers it, so the room can only grow.
        int room = target == null || runner == null ? 0 : Math.max(0, MAX_PENDING - pending.get());
        if (room < batch.size()) {
            batch.subList(room, batch.size()).forEach(refused -> drop(refused, null));
            batch = batch.subList(0, room);
        }
        if (batch.isEmpty()) {
            return;
        }
        pending.addAndGet(batch.size());
        waiting.add(batch);
        if (draining.compareAndSet(false, true)) {
            try {
                runner.execute(() -> drain(target));
            } catch (RejectedExecutionException e) {
                draining.set(false);
                for (List<SelfServed> refused; (refused = waiting.poll()) != null; ) {
                    pending.addAndGet(-refused.size());
                    refused.forEach(one -> drop(one, e));
                }
            }
        }
    }

    /**
     * A utility thread: logs every waiting report; one task at a time does so, so that a stream of
     * cached responses costs the executor one task per burst rather than one per response.
     */
    private void drain(Adapter target) {
        do {
            for (List<SelfServed> batch; (batch = waiting.poll()) != null; ) {
                for (SelfServed served : batch) {
                    log(target, served);
                }
                pending.addAndGet(-batch.size());
            }
            draining.set(false);
        } while (!waiting.isEmpty() && draining.compareAndSet(false, true));
    }

    /** Reports that were dropped: no executor or adapter, the executor refused, or too many waited. */
    long droppedCount() {
        return dropped.sum();
    }

    /** A utility thread: counts the response and has the adapter log it. */
    private void log(Adapter target, SelfServed served) {
        // Caught here: the utility executor (a ScheduledThreadPoolExecutor) would swallow it unseen.
        try {
            Request request = HeadRequest.translate(served, secure, reused);
            count(served, request);
            target.log(request, request.getResponse(), served.nanos());
        } catch (Throwable t) {
            ExceptionUtils.handleThrowable(t);
            log.warn(sm.getString("selfServed.logFailed", Integer.toString(served.status()), served.remoteAddr()), t);
        }
    }

    private void count(SelfServed served, Request request) {
        if (counts == null) {
            return;
        }
        long millis = served.millis();
        synchronized (group) {
            counts.setRequestCount(counts.getRequestCount() + 1);
            if (served.status() >= 400) {
                counts.setErrorCount(counts.getErrorCount() + 1);
            }
            counts.setBytesSent(counts.getBytesSent() + served.bytesSent());
            counts.setProcessingTime(counts.getProcessingTime() + millis);
            if (counts.getMaxTime() < millis) {
                counts.setMaxTime(millis);
                counts.setMaxRequestUri(request.requestURI().toString());
            }
        }
    }

    private void drop(SelfServed served, Throwable cause) {
        dropped.increment();
        if (log.isDebugEnabled()) {
            log.debug(sm.getString("selfServed.dropped", Integer.toString(served.status()),
                    served.remoteAddr()), cause);
        }
    }
}
