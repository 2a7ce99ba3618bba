package org.hybridconnector;

import java.nio.ByteBuffer;
import java.util.Arrays;

import org.hybridconnector.cache.HeaderFields;
import org.hybridconnector.cache.RequestFacts;
import org.hybridconnector.cache.ResponseCache;
import org.hybridconnector.cache.ResponseFacts;

/**
 * What the response cache learns from a response a worker writes: the bytes the connection is
 * about to send during the worker's turn are looked at before they go, the head read once it is
 * whole; a response to an unsafe method invalidates what it made wrong before its head is sent,
 * and a {@code GET}'s response the cache would store is copied and stored before its last bytes
 * are sent, so that a client that has the whole response finds the cache already changed (unless
 * a change to its target ended after the request arrived: the cache refuses it then). Only
 * the first response of the turn is looked at, after any interim ({@code 1xx}) responses; a body
 * sent any other way (a file by sendfile), not finished within the turn (async), or cut short
 * before the next response of the turn began is not stored. The first response must end where
 * the next one begins: a body shorter than its {@code Content-Length} (a servlet's mistake) or a
 * file sent around the capture would otherwise be completed with a pipelined request's response,
 * and that stored for everyone.
 * <p>
 * Threads: made by the selector thread before it hands the request to a worker (the executor's
 * queue publishes it), then the serving worker's alone.
 */
final class ResponseCapture {

    /** The largest response head looked at: Coyote's own limit for a response head is 8 KiB by default. */
    private static final int MAX_HEAD_BYTES = 64 * 1024;

    private final ResponseCache cache;
    private final RequestFacts request;
    private final long requestTime;
    private final boolean storing;
    /** The cache's ticket, taken before the request is served: a change that ends after it refuses the store. */
    private final long ticket;
    private byte[] head = new byte[1024];
    private int headLength;
    private ResponseFacts response;
    private long responseTime;
    private byte[] body;
    private int bodyLength;
    private boolean done;
    /** The buffer Coyote wrote the turn's first response head from; it writes every head of the turn from it. */
    private ByteBuffer headSource;
    /** Bytes of the connection's output looked at, and bytes it has sent, since the capture began. */
    private long seen;
    private long sent;

    /**
     * @param requestTime when the request's head was complete, in milliseconds since the epoch
     */
    private ResponseCapture(ResponseCache cache, RequestFacts request, long requestTime) {
        this.cache = cache;
        this.request = request;
        this.requestTime = requestTime;
        this.storing = request.method().equals("GET");
        this.ticket = storing ? cache.ticket() : 0;
    }

    /** A capture for the response to {@code request}, or {@code null} if the cache can learn nothing from it. */
    static ResponseCapture of(ResponseCache cache, RequestFacts request, long requestTime) {
        return cache.learnsFrom(request) ? new ResponseCapture(cache, request, requestTime) : null;
    }

    /**
     * The connection is about to send bytes {@code [from, from + count)} of {@code buffer}, the next
     * of its output; some of them may have been offered before and not taken then.
     */
    void offered(ByteBuffer buffer, int from, int count) {
        long skip = seen - sent;
        if (skip < count) {
            look(buffer, from + (int) skip, count - (int) skip);
            seen += count - skip;
        }
    }

    /** The connection sent {@code count} of the bytes offered. */
    void taken(int count) {
        sent += count;
    }

    /**
     * Coyote writes {@code from} to the connection. Coyote's HTTP/1.1 processor writes each
     * response head of a turn from one buffer of its own, and a head before any body: the first
     * buffer written is that one, and seeing it again once the response's head has been read means
     * the next response has begun (before that, it is the final head after an interim one, such as
     * a 103). Whatever of the body is missing by then never comes, so nothing is stored.
     */
    void writing(ByteBuffer from) {
        if (headSource == null) {
            headSource = from;
        } else if (from == headSource && response != null) {
            done = true;
        }
    }

    /** The response's body goes by sendfile, around the connection's writes: it cannot be copied. */
    void bypassed() {
        done = true;
    }

    private void look(ByteBuffer buffer, int from, int count) {
        int at = from;
        int left = count;
        while (!done && response == null && left > 0) {
            int taken = takeHead(buffer, at, left);
            at += taken;
            left -= taken;
        }
        if (done || response == null) {
            return;
        }
        int n = Math.min(left, body.length - bodyLength);
        buffer.get(at, body, bodyLength, n);
        bodyLength += n;
        if (bodyLength == body.length) {
            done = true;
            cache.store(request, ticket, response, body, requestTime, responseTime);
        }
    }

    /**
     * Takes head bytes up to its empty line; reads the head once it is whole. Returns the bytes
     * taken. The bytes are copied in one go and the end looked for in the copy: a byte at a time
     * through the buffer cost a worker a seventh of its time on a servlet's responses (decision 0011).
     */
    private int takeHead(ByteBuffer buffer, int from, int count) {
        int n = Math.min(count, MAX_HEAD_BYTES - headLength);
        if (headLength + n > head.length) {
            head = Arrays.copyOf(head, Math.min(MAX_HEAD_BYTES, Math.max(head.length * 2, headLength + n)));
        }
        buffer.get(from, head, headLength, n);
        int before = headLength;
        headLength += n;
        int end = headEnd(head, before, headLength);
        if (end >= 0) {
            headLength = end;
            if (isInterim(head, end)) {
                headLength = 0; // a 100 Continue (or 103) comes before the response: look past it
            } else {
                readHead();
            }
            return end - before;
        }
        if (headLength == MAX_HEAD_BYTES) {
            done = true; // longer than any head Coyote writes: not looked at
        }
        return n;
    }

    /**
     * Where the head in {@code bytes} ends (just past its empty line, {@code LF LF} or
     * {@code CRLF CRLF}), looking at line ends in {@code [from, to)}; -1 if not there yet.
     */
    static int headEnd(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] == '\n' && i >= 1 && (bytes[i - 1] == '\n'
                    || i >= 3 && bytes[i - 1] == '\r' && bytes[i - 2] == '\n' && bytes[i - 3] == '\r')) {
                return i + 1;
            }
        }
        return -1;
    }

    /**
     * Whether the head in {@code bytes}, ending at {@code end}, is an interim response, one more
     * head to follow (RFC 9110 §15.2).
     */
    private static boolean isInterim(byte[] bytes, int end) {
        int code = HeadLines.indexOf(bytes, 0, end, ' ') + 1;
        // 1xx, but not 101 Switching Protocols: that one ends HTTP/1.1 on the connection.
        return code + 3 <= end && bytes[code] == '1' && !(bytes[code + 1] == '0' && bytes[code + 2] == '1');
    }

    private void readHead() {
        byte[] bytes = Arrays.copyOf(head, headLength);
        head = null;
        int lineEnd = HeadLines.lineEnd(bytes, 0);
        int statusStart = Math.min(HeadLines.indexOf(bytes, 0, lineEnd, ' ') + 1, lineEnd);
        int statusEnd = HeadLines.indexOf(bytes, statusStart, lineEnd, ' ');
        int fieldsStart = HeadLines.next(bytes, lineEnd);
        if (storing && !HeadLines.namesAny(bytes, fieldsStart, ResponseCache.LIFETIME_FIELDS)) {
            done = true; // it cannot be fresh, so it is not stored: most dynamic pages end here
            return;
        }
        HeaderFields fields = HeadLines.fields(bytes, fieldsStart);
        int status;
        try {
            status = Integer.parseInt(HeadLines.text(bytes, statusStart, statusEnd));
        } catch (NumberFormatException e) {
            done = true;
            return;
        }
        response = new ResponseFacts(status, fields, bodyLength(fields));
        responseTime = System.currentTimeMillis();
        if (!storing) {
            done = true;
            cache.invalidateAfter(request, response);
        } else if (!cache.isStorable(request, response, requestTime, responseTime)) {
            done = true; // a response not stored needs no copy
        } else {
            body = new byte[(int) response.bodyLength()];
            if (body.length == 0) {
                done = true;
                cache.store(request, ticket, response, body, requestTime, responseTime);
            }
        }
    }

    /** The body's length from a head Coyote wrote: its {@code Content-Length}, or -1 if it is chunked or has none. */
    private static long bodyLength(HeaderFields fields) {
        String length = fields.value("Content-Length");
        if (length == null || fields.contains("Transfer-Encoding") || fields.count("Content-Length") > 1) {
            return -1;
        }
        try {
            return Long.parseLong(length.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
