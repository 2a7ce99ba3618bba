package org.hybridconnector.cache;

import org.apache.tomcat.util.http.parser.MediaType;

/**
 * What the cache rules know of a response when its head is complete: its status, its header
 * fields as Coyote sends them, and the length of its body if that is known in advance.
 *
 * @param status     the status code
 * @param fields     the response's header fields
 * @param bodyLength the length of the body in bytes, or -1 when it is only known at its end
 *                   (chunked or ended by closing the connection)
 */
public record ResponseFacts(int status, HeaderFields fields, long bodyLength) {

    CacheControl cacheControl() {
        return CacheControl.of(fields);
    }

    /** The media type without its parameters, lower case, or {@code null} if there is not exactly one. */
    String mediaType() {
        return fields.count("Content-Type") == 1 ? MediaType.parseMediaTypeOnly(fields.value("Content-Type")) : null;
    }
}
