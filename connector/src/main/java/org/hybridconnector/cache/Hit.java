package org.hybridconnector.cache;

import java.nio.ByteBuffer;

/**
 * A request answered from the cache: what the selector thread writes instead of handing the
 * request to a worker. The answer is the stored response, without its body for a HEAD (RFC 9110
 * §9.3.2), or a 304 when the request's conditions say the client's copy is current.
 * <p>
 * Immutable; made and written by the selector thread.
 */
public final class Hit {

    private final CachedResponse entry;
    private final boolean notModified;
    private final boolean withBody;
    private final long now;

    Hit(CachedResponse entry, boolean notModified, boolean withBody, long now) {
        this.entry = entry;
        this.notModified = notModified;
        this.withBody = withBody && !notModified;
        this.now = now;
    }

    /** The status sent, for the access log. */
    public int status() {
        return notModified ? 304 : entry.status();
    }

    /**
     * Everything to write, in order, for one gathering write: the head's parts, ending with the
     * connection's own fields ({@code connectionFields}: whole lines such as
     * {@code "Connection: close\r\n"}, or {@code ""}) and the empty line, then the body, empty for a
     * 304 or a HEAD.
     */
    public ByteBuffer[] buffers(String connectionFields) {
        return entry.hit(now, connectionFields, notModified, withBody);
    }
}
