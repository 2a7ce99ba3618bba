package org.hybridconnector.admission;

import java.util.Locale;

/**
 * Decides whether the acceptor may take in one more connection. The acceptor asks before every
 * {@code accept()}; while the answer is no, new clients wait in the kernel's listen backlog
 * ({@code acceptCount}) and the connections already admitted keep being served.
 * <p>
 * A policy is a pure decision over the {@link WorkLoad}; the waiting is done by the caller. Each
 * implementation says in its javadoc what a client observes.
 * <p>
 * Selected in {@code server.xml} with {@code admissionPolicy="busyWorkers"} (the default) or
 * {@code admissionPolicy="none"}.
 */
public interface AdmissionPolicy {

    boolean admits(WorkLoad load);

    /** The name used in {@code server.xml}. */
    String name();

    /**
     * The policy named {@code name} in {@code server.xml}.
     *
     * @throws IllegalArgumentException if no policy has that name
     */
    static AdmissionPolicy named(String name) {
        switch (name.trim().toLowerCase(Locale.ROOT)) {
            case "busyworkers":
                return new BusyWorkersAdmission();
            case "none":
                return new OpenAdmission();
            default:
                throw new IllegalArgumentException("expected one of busyWorkers, none");
        }
    }
}
