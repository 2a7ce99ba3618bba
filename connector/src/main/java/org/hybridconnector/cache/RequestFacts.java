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
     * its content is read, and its response may depend on that content.
     */
    boolean hasContent() {
        String length = fields.value("Content-Length");
        return fields.contains("Transfer-Encoding") || length != null && !length.equals("0");
    }

    CacheControl cacheControl() {
        return CacheControl.of(fields);
    }
}
