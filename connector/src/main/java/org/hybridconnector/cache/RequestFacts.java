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

    CacheControl cacheControl() {
        return CacheControl.of(fields);
    }
}
