package org.hybridconnector.nioadmission;

import java.util.concurrent.Executor;

import org.apache.juli.logging.Log;
import org.apache.juli.logging.LogFactory;
import org.apache.tomcat.util.net.Acceptor;
import org.apache.tomcat.util.net.Acceptor.AcceptorState;
import org.apache.tomcat.util.net.NioEndpoint;
import org.apache.tomcat.util.res.StringManager;
import org.apache.tomcat.util.threads.ResizableExecutor;
import org.apache.tomcat.util.threads.ThreadPoolExecutor;

/**
 * Tomcat's stock NIO endpoint plus the paper's plain admission rule: before each accept, while
 * every worker thread is busy, the acceptor waits. It exists as the yardstick the hybrid endpoint
 * must beat: stock NIO plus this one rule is about thirty lines, and everything else (poller,
 * keep-alive, executor queue) is stock.
 * <p>
 * What a client observes: while every worker is busy, a new client's connection completes at TCP
 * level and waits in the kernel backlog ({@code acceptCount}) unanswered; clients already
 * connected keep being served, their requests queueing for a worker as in stock NIO. The rule
 * counts only busy workers and reads them before a blocking {@code accept()}, so it lets some
 * work in early: the first connection to arrive after the workers filled up is still accepted
 * (its request waits in the executor's queue), and so is a burst that arrives before any of its
 * requests has reached a worker. The hybrid's policy counts admitted work instead.
 * <p>
 * Threads: only the acceptor thread writes {@link #getHeldBackCount() heldBackCount}; JMX reads
 * it.
 */
public class NioAdmissionEndpoint extends NioEndpoint {

    private static final Log log = LogFactory.getLog(NioAdmissionEndpoint.class);
    private static final StringManager sm = StringManager.getManager(NioAdmissionEndpoint.class);

    /**
     * The executor (Tomcat's own or a shared {@code <Executor>}) gives no signal when a worker
     * frees, so the held acceptor polls. A millisecond is far below any request's service time and
     * costs about a thousand wake-ups a second, only while every worker is busy.
     */
    private static final long POLL_MILLIS = 1;

    private volatile long heldBackCount;

    @Override
    public void startInternal() throws Exception {
        super.startInternal();
        if (!hasWorkerBound(getExecutor())) {
            log.warn(sm.getString("endpoint.noWorkerBound", getName(), getExecutor().getClass().getName()));
        }
    }

    @Override
    protected void countUpOrAwaitConnection() throws InterruptedException {
        if (mustHoldBack()) {
            heldBackCount++;
            do {
                Thread.sleep(POLL_MILLIS);
            } while (mustHoldBack());
        }
        super.countUpOrAwaitConnection();
    }

    /** Paused or stopping ends the wait at once, so that pause and stop never hang on it. */
    private boolean mustHoldBack() {
        return isRunning() && !isPaused() && everyWorkerBusy(getExecutor());
    }

    /** How many times the acceptor waited because every worker was busy. */
    public long getHeldBackCount() {
        return heldBackCount;
    }

    /**
     * The acceptor's state, or {@code null} before it is made: the tests read it to tell a pause
     * that woke the held acceptor from one that gave up after Tomcat's one-second unlock wait.
     */
    AcceptorState acceptorState() {
        Acceptor<?> current = acceptor;
        return current == null ? null : current.getState();
    }

    static boolean everyWorkerBusy(Executor executor) {
        if (executor instanceof ThreadPoolExecutor pool) { // the connector's own, from createExecutor()
            // A thread the pool has started but that has not yet reached its queue counts as
            // active (its worker is born locked), so right after start every prestarted thread
            // looks busy. Such a thread has no task; the count of tasks not yet completed has it
            // right, and is never below the truly active threads.
            int busy = Math.min(pool.getActiveCount(), pool.getSubmittedCount());
            return busy >= pool.getMaximumPoolSize();
        }
        if (executor instanceof ResizableExecutor shared) { // a shared <Executor>
            // The same moment after its start can read busy here; it offers no task count to
            // correct with, and the cost is a held acceptor's first millisecond poll.
            return shared.getActiveCount() >= shared.getMaxThreads();
        }
        return false;
    }

    /** Virtual threads and foreign executors have no thread count to be saturated at. */
    static boolean hasWorkerBound(Executor executor) {
        return executor instanceof ThreadPoolExecutor || executor instanceof ResizableExecutor;
    }
}
