package org.hybridconnector.admission;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * A model server on a model clock, for steering a {@link SessionLimit} as the connector does.
 * <p>
 * {@code workers} workers take requests from one FIFO queue; the requests they run share one
 * resource equally (the database's CPU, in the benchmarks), so that a request needing 10 ms of it
 * takes 30 ms while three run. New sessions arrive at a fixed rate and are let in or turned away by
 * the limit; a session sends its requests one after the other, each a think time after the
 * previous reply, and ends after the last. Every half second the mean queueing delay of the
 * requests that started ends the limit's window, as the selector does.
 */
final class SessionModel {

    static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long STEP = MS;
    private static final long WINDOW = 500 * MS;

    /** What a run of the model showed, over the span after the warm-up. */
    record Outcome(List<Integer> limits, double busyFraction, long p99DelayNanos, long worstDelayNanos,
            int completedSessions, int turnedAway) {
    }

    private final int workers;
    private final double newSessionsPerSecond;
    private final int requestsPerSession;
    private final LongSupplier thinkNanos;
    private final LongSupplier demandNanos;

    /**
     * @param demandNanos each request's need of the shared resource
     * @param thinkNanos the pause between a reply and the session's next request
     */
    SessionModel(int workers, double newSessionsPerSecond, int requestsPerSession, LongSupplier thinkNanos,
            LongSupplier demandNanos) {
        this.workers = workers;
        this.newSessionsPerSecond = newSessionsPerSecond;
        this.requestsPerSession = requestsPerSession;
        this.thinkNanos = thinkNanos;
        this.demandNanos = demandNanos;
    }

    /** Requests needing 2 ms of the resource, one in seven needing 40 ms: a quick page and a search. */
    static LongSupplier quickAndLengthy(Random random) {
        return () -> random.nextInt(7) == 0 ? 40 * MS : 2 * MS;
    }

    /** Exponentially distributed pauses around {@code meanMillis}. */
    static LongSupplier exponential(Random random, long meanMillis) {
        return () -> (long) (-Math.log(1 - random.nextDouble()) * meanMillis * MS);
    }

    Outcome run(SessionLimit limit, long seconds, long warmUpSeconds) {
        long end = TimeUnit.SECONDS.toNanos(seconds);
        long warmUp = TimeUnit.SECONDS.toNanos(warmUpSeconds);
        long arrivalGap = (long) (TimeUnit.SECONDS.toNanos(1) / newSessionsPerSecond);
        List<Session> thinking = new ArrayList<>();
        Deque<Request> queue = new ArrayDeque<>();
        List<Request> running = new ArrayList<>();
        List<Integer> limits = new ArrayList<>();
        List<Long> delays = new ArrayList<>();
        long nextArrival = 0;
        long windowDelaySum = 0;
        int windowStarted = 0;
        long busySteps = 0;
        long measuredSteps = 0;
        int completed = 0;
        int turnedAway = 0;
        for (long now = 0; now < end; now += STEP) {
            boolean measuring = now >= warmUp;
            for (; nextArrival <= now; nextArrival += arrivalGap) {
                if (limit.tryAdmit()) {
                    thinking.add(new Session(now, requestsPerSession));
                } else if (measuring) {
                    turnedAway++;
                }
            }
            for (int i = thinking.size() - 1; i >= 0; i--) {
                Session session = thinking.get(i);
                if (session.nextRequestAt <= now) {
                    thinking.remove(i);
                    queue.add(new Request(session, now, demandNanos.getAsLong()));
                }
            }
            while (running.size() < workers && !queue.isEmpty()) {
                Request request = queue.poll();
                windowDelaySum += now - request.queuedAt;
                windowStarted++;
                if (measuring) {
                    delays.add(now - request.queuedAt);
                }
                running.add(request);
            }
            if (!running.isEmpty()) {
                long share = STEP / running.size();
                for (int i = running.size() - 1; i >= 0; i--) {
                    Request request = running.get(i);
                    request.demandLeft -= share;
                    if (request.demandLeft <= 0) {
                        running.remove(i);
                        Session session = request.session;
                        if (--session.requestsLeft == 0) {
                            limit.ended();
                            if (measuring) {
                                completed++;
                            }
                        } else {
                            session.nextRequestAt = now + thinkNanos.getAsLong();
                            thinking.add(session);
                        }
                    }
                }
                if (measuring) {
                    busySteps++;
                }
            }
            if (measuring) {
                measuredSteps++;
            }
            if ((now + STEP) % WINDOW == 0) {
                limit.windowEnded(windowStarted > 0 ? windowDelaySum / windowStarted : queue.isEmpty() ? 0 : -1);
                windowDelaySum = 0;
                windowStarted = 0;
                if (measuring) {
                    limits.add(limit.limit());
                }
            }
        }
        long[] sorted = delays.stream().mapToLong(Long::longValue).sorted().toArray();
        long p99 = sorted.length == 0 ? 0 : sorted[Math.min(sorted.length - 1, (int) (sorted.length * 0.99))];
        long worst = sorted.length == 0 ? 0 : sorted[sorted.length - 1];
        return new Outcome(limits, (double) busySteps / measuredSteps, p99, worst, completed, turnedAway);
    }

    private static final class Session {
        long nextRequestAt;
        int requestsLeft;

        Session(long nextRequestAt, int requestsLeft) {
            this.nextRequestAt = nextRequestAt;
            this.requestsLeft = requestsLeft;
        }
    }

    private static final class Request {
        final Session session;
        final long queuedAt;
        long demandLeft;

        Request(Session session, long queuedAt, long demand) {
            this.session = session;
            this.queuedAt = queuedAt;
            this.demandLeft = demand;
        }
    }
}
