package org.hybridconnector.admission;

/**
 * The acceptor's question before every {@code accept()}: may one more connection come in? While
 * the answer is no, new clients wait in the kernel's listen backlog ({@code acceptCount}) and the
 * connections already admitted keep being served. A pure decision over the {@link WorkLoad}; the
 * waiting is the {@link AcceptorGate}'s.
 */
@FunctionalInterface
public interface ConnectionGate {

    /**
     * @return {@code null} to keep the acceptor waiting; otherwise what the new connection holds
     *         until it closes: a {@link SessionPlace} if the gate let a session in, else
     *         {@link Permit#none()}
     */
    Permit admit(WorkLoad load);
}
