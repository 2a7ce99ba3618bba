package org.hybridconnector.admission;

import java.util.Locale;
import java.util.function.Supplier;

/**
 * The admission policies {@code server.xml} can name: {@code admissionPolicy="busyWorkers"} (the
 * default, {@link BusyWorkersAdmission}), {@code "sessions"} ({@link SessionAdmission}) or
 * {@code "none"} ({@link OpenAdmission}).
 */
public final class AdmissionPolicies {

    /** The names {@code server.xml} may use, for messages. */
    public static final String NAMES = "busyWorkers, sessions, none";

    private AdmissionPolicies() {
    }

    /**
     * The policy named {@code name}; {@code sessions}, which has attributes of its own, is built by
     * {@code sessions}.
     *
     * @throws IllegalArgumentException if no policy has that name
     */
    public static AdmissionPolicy named(String name, Supplier<AdmissionPolicy> sessions) {
        switch (name.trim().toLowerCase(Locale.ROOT)) {
            case "busyworkers":
                return new BusyWorkersAdmission();
            case "none":
                return new OpenAdmission();
            case "sessions":
                return sessions.get();
            default:
                throw new IllegalArgumentException("expected one of " + NAMES);
        }
    }
}
