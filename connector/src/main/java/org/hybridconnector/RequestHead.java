package org.hybridconnector;

import org.hybridconnector.cache.HeaderFields;
import org.hybridconnector.cache.RequestFacts;

/**
 * A request head the selector holds, read into its parts: what the response cache asks about,
 * and what the access log is told of a response the selector wrote itself.
 *
 * @param method   the method, as received
 * @param target   the request target, as received (not decoded)
 * @param protocol the version, {@code HTTP/1.1} say; empty for an HTTP/0.9 request line
 * @param fields   the header fields, in the order received
 */
record RequestHead(String method, String target, String protocol, HeaderFields fields) {

    private static final String[] METHODS = { "GET", "HEAD", "POST" };
    private static final String[] VERSIONS = { "HTTP/1.1", "HTTP/1.0" };

    /** Reads {@code head}, which {@link HeadScanner} has judged (bytes after its empty line are ignored). */
    static RequestHead read(byte[] head) {
        int start = HeadLines.firstLine(head);
        int lineEnd = HeadLines.lineEnd(head, start);
        int methodEnd = HeadLines.indexOf(head, start, lineEnd, ' ');
        int targetStart = Math.min(methodEnd + 1, lineEnd);
        int targetEnd = HeadLines.indexOf(head, targetStart, lineEnd, ' ');
        return new RequestHead(HeadLines.text(head, start, methodEnd, METHODS), HeadLines.text(head, targetStart, targetEnd),
                HeadLines.text(head, Math.min(targetEnd + 1, lineEnd), lineEnd, VERSIONS),
                HeadLines.fields(head, HeadLines.next(head, lineEnd)));
    }

    /** The request as the cache rules see it. */
    RequestFacts facts() {
        return new RequestFacts(method, target, fields);
    }
}
