package org.hybridconnector.admission;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Session-aware admission: under overload, keep serving the sessions already admitted and turn
 * new ones away early and cheaply, so that admitted sessions complete instead of every client
 * slowing down until all of them time out.
 * <p>
 * Overload is measured, not assumed from a count: the mean time admitted requests wait for a
 * worker, over half-second windows, against {@code admissionTargetMillis}; with two worker pools,
 * that of the pool whose requests wait longer, counting requests still waiting
 * ({@link QueueDelays}). How many sessions may be in progress follows from it
 * ({@link SessionLimit}). Requests of sessions already let in are never refused.
 * <p>
 * A new session is a new connection ({@code newSessionBy="connection"}, the default: e-commerce
 * clients keep one connection for a visit) or a request without the session cookie
 * ({@code newSessionBy="cookie"}, named by {@code sessionCookieName}, default {@code JSESSIONID});
 * either way a session holds its place until its connection closes.
 * <p>
 * What a turned-away client observes ({@code turnAway}):
 * <ul>
 * <li>{@code backlog} (the default): its connection waits in the kernel's listen backlog until a
 * place frees, then is served normally; it costs the server nothing while it waits. The acceptor
 * cannot see cookies, so here every new connection is a new session.</li>
 * <li>{@code reject}: its connection is accepted and its request answered at once, by the
 * selector thread and without a worker, with {@code 503 Service Unavailable},
 * {@code Retry-After} and {@code Connection: close}.</li>
 * </ul>
 * Admission reopens by itself once queueing delays stay low and fewer sessions come.
 */
public final class SessionAdmission implements AdmissionPolicy {

    /** How a turned-away client is told. */
    public enum TurnAway {
        BACKLOG, REJECT
    }

    /** What makes a request the start of a new session. */
    public enum NewSessionBy {
        CONNECTION, COOKIE
    }

    /** One measuring window: long enough to average a few dozen requests, short enough to react. */
    static final long WINDOW_MILLIS = 500;
    /** Admission never closes for good: at least this many sessions may be in progress. */
    static final int FLOOR = 1;

    private final SessionLimit limit;
    private final TurnAway turnAway;
    private final NewSessionBy newSessionBy;
    private final String cookieName;
    private final QueueDelays delays = new QueueDelays();
    private final AtomicLong admitted = new AtomicLong();
    private final AtomicLong turnedAway = new AtomicLong();
    private long windowStart = Long.MIN_VALUE;

    public SessionAdmission(long targetMillis, TurnAway turnAway, NewSessionBy newSessionBy, String cookieName) {
        this.limit = new SessionLimit(targetMillis, FLOOR);
        this.turnAway = turnAway;
        this.newSessionBy = newSessionBy;
        this.cookieName = cookieName;
    }

    @Override
    public String name() {
        return "sessions";
    }

    /** The acceptor's question: in {@code backlog} mode each connection is a session to let in. */
    @Override
    public boolean admits(WorkLoad load) {
        if (turnAway == TurnAway.REJECT) {
            return true;
        }
        // A "no" here is asked again every few milliseconds: the acceptor's held-back count
        // tells how often it had to wait, so only the sessions let in are counted.
        boolean admittedNow = limit.tryAdmit();
        if (admittedNow) {
            admitted.incrementAndGet();
        }
        return admittedNow;
    }

    @Override
    public boolean placePerConnection() {
        return turnAway == TurnAway.BACKLOG;
    }

    @Override
    public boolean sessionIsItsConnection() {
        return turnAway == TurnAway.BACKLOG || newSessionBy == NewSessionBy.CONNECTION;
    }

    @Override
    public boolean admitsRequest(NewRequest request) {
        if (turnAway == TurnAway.BACKLOG || request.holdsSession()) {
            return true;
        }
        boolean newSession = newSessionBy == NewSessionBy.CONNECTION ? request.firstOnConnection()
                : !request.carriesCookie(cookieName);
        if (!newSession) {
            return true;
        }
        if (!limit.tryAdmit()) {
            turnedAway.incrementAndGet();
            return false;
        }
        admitted.incrementAndGet();
        request.holdSession();
        return true;
    }

    @Override
    public void sessionEnded() {
        limit.ended();
    }

    @Override
    public void requestQueued(WorkQueue queue, long queuedAt) {
        delays.queued(queue, queuedAt);
    }

    @Override
    public void requestStarted(WorkQueue queue, long queuedAt, long startedAt) {
        delays.started(queue, queuedAt, startedAt);
    }

    @Override
    public void requestDropped(WorkQueue queue, long queuedAt) {
        delays.dropped(queue, queuedAt);
    }

    /** Ends the measuring window when it is due; the selector thread calls it often. */
    @Override
    public void tick(long now, WorkLoad load) {
        if (windowStart == Long.MIN_VALUE) {
            windowStart = now;
        }
        long window = TimeUnit.MILLISECONDS.toNanos(WINDOW_MILLIS);
        if (now - windowStart < window) {
            return;
        }
        windowStart = now;
        limit.windowEnded(delays.windowEnded(now, window));
    }

    @Override
    public boolean measuresOverTime() {
        return true;
    }

    /** Seconds a rejected client is asked to wait: a few windows, time for places to free. */
    @Override
    public int retryAfterSeconds() {
        return 2;
    }

    /** New sessions let in so far. */
    public long admittedCount() {
        return admitted.get();
    }

    /** New sessions answered with 503 so far ({@code turnAway="reject"} only). */
    public long turnedAwayCount() {
        return turnedAway.get();
    }

    /** The mean time requests waited in {@code queue} over the last measuring window, in milliseconds. */
    public long queueDelayMillis(WorkQueue queue) {
        return TimeUnit.NANOSECONDS.toMillis(delays.lastMeanWait(queue));
    }

    public int sessionsInProgress() {
        return limit.inProgress();
    }

    /** Sessions allowed in progress now, or -1 while admission is open. */
    public int sessionLimit() {
        int allowed = limit.limit();
        return allowed == Integer.MAX_VALUE ? -1 : allowed;
    }
}
