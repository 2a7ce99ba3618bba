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

    /** In {@code backlog} mode each connection the acceptor takes in is a session to let in. */
    @Override
    public ConnectionGate connectionGate() {
        if (turnAway == TurnAway.REJECT) {
            return load -> true;
        }
        return new ConnectionGate() {
            // A "no" here is asked again whenever work ends or a place is given back (by the
            // thread that did it) and at each re-check: the acceptor's held-back count tells
            // how often it had to wait, so only the sessions let in are counted.
            @Override
            public boolean admits(WorkLoad load) {
                return limit.hasRoom();
            }

            @Override
            public Permit accepted(WorkLoad load) {
                limit.admitted();
                // A place given back is room for the connection the acceptor may be waiting to take.
                return newPlace(load::wakeIfAdmitted);
            }
        };
    }

    /** In {@code reject} mode, the first request of a new session takes a place or is turned away. */
    @Override
    public RequestGate requestGate() {
        return turnAway == TurnAway.BACKLOG ? RequestGate.OPEN : new NewSessionGate();
    }

    /** The free share of the session limit; 100 while admission is open. */
    @Override
    public int roomPercent(WorkLoad load) {
        return limit.roomPercent();
    }

    @Override
    public QueueWatcher queueWatcher() {
        return delays;
    }

    @Override
    public MeasuringClock clock() {
        return new MeasuringClock() {
            @Override
            public void tick(long nowNanos) {
                endWindowIfDue(nowNanos);
            }

            @Override
            public boolean measuresOverTime() {
                return true;
            }
        };
    }

    /**
     * A place just counted under the limit; {@code afterEnd} runs once it is given back. With
     * {@code backlog}, or sessions told by connection, the session is its connection and keeps it
     * past the keep-alive limit; with cookies a new connection does not end the session, so the
     * limit holds.
     */
    private SessionPlace newPlace(Runnable afterEnd) {
        admitted.incrementAndGet();
        return new SessionPlace(() -> {
            limit.ended();
            afterEnd.run();
        }, turnAway == TurnAway.BACKLOG || newSessionBy == NewSessionBy.CONNECTION);
    }

    /** Ends the measuring window when it is due; the selector thread calls it often. */
    private void endWindowIfDue(long now) {
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

    /** The request gate of {@code turnAway="reject"}: a new session's first request needs a place. */
    private final class NewSessionGate implements RequestGate {

        @Override
        public boolean admits(NewRequest request) {
            if (request.holdsSession()) {
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
            // No acceptor waits on this limit: in this mode the acceptor's gate is always open.
            request.holdSession(newPlace(() -> { }));
            return true;
        }

        /** Seconds a rejected client is asked to wait: a few windows, time for places to free. */
        @Override
        public int retryAfterSeconds() {
            return 2;
        }
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
