package org.hybridconnector.cache;

/**
 * What the cache rules know of a request: its method, its request target exactly as received
 * (not decoded, not normalised) and its header fields.
 *
 * @param method the method, case-sensitive (RFC 9110 §9.1)
 * @param target the request target as received
 * @param fields the request's header fields
 */
public record RequestFacts(String method, String target, HeaderFields fields) {

    /**
     * Whether the request has content (RFC 9112 §6.3): such a request cannot be answered before
     * its content is read, and its response may depend on that content. A repeated
     * {@code Content-Length} counts as content, whatever its values: Coyote refuses such a request
     * (400, then closes), where an answer from the cache would leave a body the client may have
     * meant to be read as the next request (RFC 9112 §11.2).
     */
    boolean hasContent() {
        int lengths = fields.count("Content-Length");
        return fields.contains("Transfer-Encoding") || lengths > 1
                || lengths == 1 && !fields.value("Content-Length").equals("0");
    }

    /** The host its one {@code Host} field names, without the port; {@code null} without exactly one. */
    public String hostName() {
        return fields.count("Host") == 1 ? withoutPort(fields.value("Host")) : null;
    }

    /** {@code authority} (a {@code Host} value) without its port; an IPv6 literal keeps its brackets. */
    static String withoutPort(String authority) {
        int bracket = authority.lastIndexOf(']');
        int colon = authority.indexOf(':', bracket + 1);
        return colon < 0 ? authority : authority.substring(0, colon);
    }

    CacheControl cacheControl() {
        return CacheControl.of(fields);
    }
}
