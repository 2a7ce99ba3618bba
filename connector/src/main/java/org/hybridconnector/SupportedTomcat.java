package org.hybridconnector;

import org.apache.tomcat.util.res.StringManager;

/**
 * Which Tomcat releases the connector runs on. It extends Coyote's endpoint classes, which are
 * internal API: Tomcat 11.0.12 changed the signature of {@code AbstractEndpoint.createSSLEngine}
 * the connector calls for TLS (it now passes the client's groups and signature schemes), so an
 * earlier 11.0.x would fail with a {@code NoSuchMethodError} at the first TLS handshake, and
 * another Tomcat line differs further. The check refuses those releases at start-up, by name.
 * Later 11.0.x releases are let in: each one so far kept the endpoint API the connector uses.
 * <p>
 * Stateless; any thread.
 */
final class SupportedTomcat {

    private static final StringManager sm = StringManager.getManager(SupportedTomcat.class);

    /** The Tomcat line: major and minor version. */
    static final int MAJOR = 11;
    static final int MINOR = 0;
    /** The oldest release of the line whose endpoint API the connector fits. */
    static final int OLDEST_PATCH = 12;
    /** How the range reads in messages. */
    static final String RANGE = MAJOR + "." + MINOR + "." + OLDEST_PATCH + " and later " + MAJOR + "." + MINOR + ".x";

    private SupportedTomcat() {
    }

    /**
     * @param serverNumber Tomcat's version as {@code ServerInfo.getServerNumber()} gives it, such
     *            as {@code 11.0.24.0} (a milestone such as {@code 11.0.0-M26} reads {@code 11.0.0.0})
     * @throws IllegalStateException naming the release and the supported range, if outside it
     */
    static void require(String serverNumber) {
        if (!isSupported(serverNumber)) {
            throw new IllegalStateException(sm.getString("protocol.unsupportedTomcat", RANGE, serverNumber));
        }
    }

    static boolean isSupported(String serverNumber) {
        String[] parts = serverNumber == null ? new String[0] : serverNumber.trim().split("\\.");
        if (parts.length < 3) {
            return false;
        }
        try {
            return Integer.parseInt(parts[0]) == MAJOR && Integer.parseInt(parts[1]) == MINOR &&
                    Integer.parseInt(parts[2]) >= OLDEST_PATCH;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
