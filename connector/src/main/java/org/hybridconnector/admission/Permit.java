package org.hybridconnector.admission;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Something admission control handed out and must get back exactly once: a request's place in
 * the work counted against the workers ({@link RequestPermit}), a session's place under the
 * session limit ({@link SessionPlace}), or a new connection's claim as work on its way (see
 * {@link WorkLoad#connectionAccepted()}).
 * <p>
 * Paths that end a piece of work are many (served, refused by the pool, failed, closed by the
 * client, closed by a time-out, closed on stop) and some run on different threads; a count
 * decremented on each of them drifts the first time two meet. A permit is released by whoever
 * ends it first and ignores every later release.
 * <p>
 * Thread safety: {@link #release()} may be called from any thread, any number of times.
 */
public abstract class Permit {

    // A field and a VarHandle rather than an AtomicBoolean: a permit is taken per request, and
    // the request path should allocate as little as it can.
    private static final VarHandle RELEASED;

    static {
        try {
            RELEASED = MethodHandles.lookup().findVarHandle(Permit.class, "released", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private volatile boolean released;

    /** Gives the permit back; only the first call has an effect. */
    public final void release() {
        if (RELEASED.compareAndSet(this, false, true)) {
            onRelease();
        }
    }

    /** Whether the permit has not been given back yet. */
    public final boolean isHeld() {
        return !released;
    }

    /** What giving the permit back means: called once, on the thread that released it first. */
    protected abstract void onRelease();

    /** A permit with nothing behind it, for work no rule counts. */
    public static Permit none() {
        return new Permit() {
            @Override
            protected void onRelease() {
                // nothing was counted
            }
        };
    }
}
