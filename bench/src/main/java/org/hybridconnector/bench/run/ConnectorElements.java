package org.hybridconnector.bench.run;

/**
 * The {@code <Connector>} element of each variant in the server.xml of a run: the same attributes
 * for every variant (those of conf/server.xml, acceptCount 1000, and the run's keepAliveTimeout and
 * maxKeepAliveRequests if it sets them), then the variant's protocol, thread count and settings. The overload policies
 * are those of the README's "Overload policies", alone and together.
 */
public final class ConnectorElements {

    /** The hybrid-cache variants' static types: the cache's defaults and text/plain (Surge's files are .txt). */
    static final String CACHE_STATIC_TYPES = "image/*,text/css,text/javascript,application/javascript,font/*,"
            + "application/vnd.ms-fontobject,text/plain";

    private static final String HYBRID = "org.hybridconnector.HybridProtocol";
    private static final String NIO = "org.apache.coyote.http11.Http11NioProtocol";

    private final int threads;
    private final int hybridThreads;
    private final int lengthyMillis;
    private final int admissionMillis;
    private final KeepAlive keepAlive;

    /**
     * @param threads         maxThreads of the thread-per-request connectors (blocking, nio, nio-admission, nio2)
     * @param hybridThreads   maxThreads of the hybrid; the adaptive variants adapt under four times this
     * @param lengthyMillis   lengthyThresholdMillis of hybrid-lengthy and hybrid-all*
     * @param admissionMillis admissionTargetMillis of the session-admission variants
     * @param keepAlive       keepAliveTimeout and maxKeepAliveRequests of every variant, each null for Tomcat's
     */
    public ConnectorElements(int threads, int hybridThreads, int lengthyMillis, int admissionMillis,
            KeepAlive keepAlive) {
        this.threads = threads;
        this.hybridThreads = hybridThreads;
        this.lengthyMillis = lengthyMillis;
        this.admissionMillis = admissionMillis;
        this.keepAlive = keepAlive;
    }

    /** The variant's element on {@code port} (any text: the runner puts a placeholder there). */
    public String element(Variant variant, String port) {
        StringBuilder element = new StringBuilder("<Connector protocol=\"").append(protocol(variant.name()))
                .append("\" port=\"").append(port).append("\" address=\"127.0.0.1\" connectionTimeout=\"20000\"")
                .append(" acceptCount=\"1000\"");
        if (keepAlive.timeoutMillis() != null) {
            attribute(element, "keepAliveTimeout", keepAlive.timeoutMillis());
        }
        if (keepAlive.maxRequests() != null) {
            attribute(element, "maxKeepAliveRequests", keepAlive.maxRequests());
        }
        if (variant.maxConnections() != null) {
            attribute(element, "maxConnections", variant.maxConnections());
        }
        if (variant.name().equals("nio-vt")) {
            attribute(element, "useVirtualThreads", true);
        } else {
            attribute(element, "maxThreads", threads(variant));
        }
        settings(element, variant.name());
        return element.append(" />").toString();
    }

    /** maxThreads: the spec's own count, else the run's for the variant's kind. */
    int threads(Variant variant) {
        if (variant.threads() != null) {
            return variant.threads();
        }
        if (!variant.hybrid()) {
            return threads;
        }
        return variant.adaptive() ? 4 * hybridThreads : hybridThreads;
    }

    private static String protocol(String name) {
        if (name.startsWith("hybrid")) {
            return HYBRID;
        }
        return switch (name) {
            case "blocking" -> "org.hybridconnector.blocking.BlockingProtocol";
            case "nio-admission" -> "org.hybridconnector.nioadmission.NioAdmissionProtocol";
            case "nio2" -> "org.apache.coyote.http11.Http11Nio2Protocol";
            default -> NIO;
        };
    }

    private void settings(StringBuilder element, String name) {
        switch (name) {
            case "hybrid-sessions" -> sessions(element, "backlog");
            case "hybrid-sessions-503" -> sessions(element, "reject");
            case "hybrid-lengthy" -> attribute(element, "lengthyThresholdMillis", lengthyMillis);
            case "hybrid-adaptive" -> attribute(attribute(element, "adaptiveWorkers", true), "minWorkers", 2);
            case "hybrid-all" -> lengthyAndAdaptive(sessions(element, "reject"));
            case "hybrid-all-backlog" -> lengthyAndAdaptive(sessions(element, "backlog"));
            case "hybrid-cache" -> cache(element, CACHE_STATIC_TYPES);
            // RUBiS's forms are static .html files; a site whose servlets send Last-Modified on personal
            // pages must not cache text/html.
            case "hybrid-cache-html" -> cache(element, CACHE_STATIC_TYPES + ",text/html");
            default -> {
                // the variant's protocol at its defaults
            }
        }
    }

    private StringBuilder sessions(StringBuilder element, String turnAway) {
        attribute(element, "admissionPolicy", "sessions");
        attribute(element, "admissionTargetMillis", admissionMillis);
        return attribute(element, "turnAway", turnAway);
    }

    private void lengthyAndAdaptive(StringBuilder element) {
        attribute(element, "lengthyThresholdMillis", lengthyMillis);
        attribute(element, "adaptiveWorkers", true);
        attribute(element, "minWorkers", hybridThreads);
    }

    private static void cache(StringBuilder element, String staticTypes) {
        attribute(attribute(element, "responseCache", true), "responseCacheStaticTypes", staticTypes);
    }

    private static StringBuilder attribute(StringBuilder element, String name, Object value) {
        return element.append(' ').append(name).append("=\"").append(value).append('"');
    }
}
