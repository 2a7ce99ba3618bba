package org.hybridconnector.admission;

/**
 * The acceptor's question before every {@code accept()}: may one more connection come in? While
 * the answer is no, new clients wait in the kernel's listen backlog ({@code acceptCount}) and the
 * connections already admitted keep being served. A pure decision over the {@link WorkLoad}; the
 * waiting is the {@link AcceptorGate}'s.
 * <p>
 * Asking takes nothing: the acceptor may wait in {@code accept()} for a long time after a yes, and
 * a place taken then would count a session that has not come. What the connection holds is taken
 * by {@link #accepted} once it exists, on the acceptor thread. {@link #admits} may be asked on
 * any thread: while the acceptor waits, a thread that ends work asks it to decide whether the
 * acceptor is worth waking.
 */
@FunctionalInterface
public interface ConnectionGate {

    /** Whether the acceptor may take in one more connection now. */
    boolean admits(WorkLoad load);

    /**
     * What a connection accepted after {@link #admits} said yes holds until it closes: a
     * {@link SessionPlace} if the gate lets sessions in, else {@link Permit#none()}. The gate's
     * yes stands for that connection even if the rule has tightened meanwhile. A gate whose
     * answer turns on what the permit's release gives back tells {@code load} of the release
     * ({@link WorkLoad#wakeIfAdmitted()}), so that a waiting acceptor is woken.
     */
    default Permit accepted(WorkLoad load) {
        return Permit.none();
    }
}
