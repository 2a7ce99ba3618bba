package org.hybridconnector.cache;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

import org.apache.tomcat.util.http.FastHttpDateFormat;

/**
 * The head of a stored response as bytes, and the head of a hit made from them.
 * <p>
 * What is stored is what any connection may be sent: the status line and the end-to-end fields,
 * in the order the application set them. Left out are the hop-by-hop fields (RFC 9110 §7.6.1:
 * {@code Connection}, {@code Keep-Alive}, {@code Transfer-Encoding}, {@code TE}, {@code Trailer},
 * {@code Upgrade}, {@code Proxy-*} and any field {@code Connection} names), which belong to the
 * connection that carried the response; {@code Date} and {@code Age}, written again on each hit;
 * and {@code Content-Length}, written from the body's length, since a hit always sends the body
 * whole. Characters are written as Coyote writes them (ISO-8859-1, controls but tab as spaces), so
 * a hit's head is the head the application's response had.
 */
final class StoredHead {

    private static final Set<String> HOP_BY_HOP = Set.of("connection", "keep-alive", "transfer-encoding", "te",
            "trailer", "upgrade");
    private static final Set<String> WRITTEN_ON_HIT = Set.of("date", "age", "content-length");
    /**
     * The fields a 304 carries (RFC 9110 §15.4.5): those a 200 would have had that a cache needs
     * to update what it stores.
     */
    private static final Set<String> NOT_MODIFIED_FIELDS = Set.of("cache-control", "content-location", "etag",
            "expires", "last-modified", "vary");
    private static final String CRLF = "\r\n";

    private StoredHead() {
    }

    /** The status line and the end-to-end fields of {@code response}, with its {@code Content-Length}. */
    static byte[] full(ResponseFacts response) {
        HeaderFields fields = response.fields();
        Set<String> connectionOptions = new HashSet<>();
        fields.elements("Connection").forEach(option -> connectionOptions.add(option.toLowerCase(Locale.ENGLISH)));
        StringBuilder head = statusLine(response.status());
        for (int i = 0; i < fields.size(); i++) {
            String name = fields.name(i).toLowerCase(Locale.ENGLISH);
            boolean hopByHop = HOP_BY_HOP.contains(name) || name.startsWith("proxy-")
                    || connectionOptions.contains(name);
            if (!hopByHop && !WRITTEN_ON_HIT.contains(name)) {
                appendField(head, fields.name(i), fields.value(i));
            }
        }
        appendField(head, "Content-Length", Long.toString(response.bodyLength()));
        return bytes(head);
    }

    /** The head of a 304 (Not Modified) for the resource {@code response} represents. */
    static byte[] notModified(ResponseFacts response) {
        HeaderFields fields = response.fields();
        StringBuilder head = statusLine(304);
        for (int i = 0; i < fields.size(); i++) {
            if (NOT_MODIFIED_FIELDS.contains(fields.name(i).toLowerCase(Locale.ENGLISH))) {
                appendField(head, fields.name(i), fields.value(i));
            }
        }
        return bytes(head);
    }

    /**
     * The part of a hit's head that is the same for every hit: {@code stored} and its {@code Date}
     * line (RFC 9111 §5.1 keeps the origin's), in a read-only direct buffer, which a socket takes
     * without a copy. A hit's head is this, then its {@link #tail}.
     */
    static ByteBuffer fixed(byte[] stored, long date) {
        StringBuilder dateLine = new StringBuilder(40);
        appendField(dateLine, "Date", FastHttpDateFormat.formatDate(date));
        byte[] dateBytes = bytes(dateLine);
        return ByteBuffer.allocateDirect(stored.length + dateBytes.length).put(stored).put(dateBytes).flip()
                .asReadOnlyBuffer();
    }

    /**
     * The part written anew for each hit: {@code Age} (RFC 9111 §5.1), the connection's own fields
     * ({@code connectionFields}: whole lines, each ending CRLF, or {@code ""}), the empty line.
     */
    static ByteBuffer tail(long ageSeconds, String connectionFields) {
        return ByteBuffer.wrap(("Age: " + ageSeconds + CRLF + connectionFields + CRLF)
                .getBytes(StandardCharsets.ISO_8859_1));
    }

    /** Coyote's status line: no reason phrase, but the space before it. */
    private static StringBuilder statusLine(int status) {
        return new StringBuilder(256).append("HTTP/1.1 ").append(status).append(' ').append(CRLF);
    }

    private static void appendField(StringBuilder head, String name, String value) {
        appendVisible(head, name);
        head.append(": ");
        appendVisible(head, value);
        head.append(CRLF);
    }

    private static void appendVisible(StringBuilder head, String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            head.append(c < ' ' && c != '\t' || c == 127 ? ' ' : c);
        }
    }

    private static byte[] bytes(StringBuilder text) {
        return text.toString().getBytes(StandardCharsets.ISO_8859_1);
    }
}
