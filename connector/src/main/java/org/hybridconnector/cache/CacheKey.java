package org.hybridconnector.cache;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

import org.apache.tomcat.util.buf.UDecoder;
import org.apache.tomcat.util.http.parser.Host;

/**
 * What a stored response is found by (RFC 9111 §4.1 and §2): the host and the request target of
 * the GET it answered. The method is not part of it, because only responses to GET are stored and
 * a HEAD is answered from the GET's response; the encoding variant is kept with each entry
 * ({@link AcceptedCodings#variant()}).
 * <p>
 * The host is the {@code Host} field in lower case, without its port when that is the
 * connection's local port, which Coyote gives a request whose {@code Host} names none (so both
 * spellings reach the application alike). The target is kept exactly as received: two spellings
 * are never merged, and a target not already in {@linkplain RequestTarget normal form} has no key.
 * <p>
 * A request must not be able to plant a response under a key that other clients use. So a request
 * has no key, and is neither stored from nor answered, when anything in its head that is not in
 * the key could change what the application answers: a target that is not origin-form (the
 * absolute form names a host of its own), a missing, repeated or invalid {@code Host}, or any of
 * {@link #FORWARDING_FIELDS}, with which proxies and frameworks rewrite the host, scheme, port,
 * path or method an application sees. Behind a proxy that adds these fields nothing is cached
 * here: cache in that proxy.
 *
 * @param host   the host, lower case, with a port unless it is the local port
 * @param target the request target in origin form
 */
record CacheKey(String host, String target) {

    static final List<String> FORWARDING_FIELDS = List.of("Forwarded", "X-Forwarded-Host", "X-Forwarded-Proto",
            "X-Forwarded-Port", "X-Forwarded-Prefix", "X-Forwarded-Server", "X-Host", "X-Original-URL",
            "X-Rewrite-URL", "X-HTTP-Method-Override", "X-HTTP-Method", "X-Method-Override");

    /** The key of {@code request}, or {@code null} if it has none (see the class description). */
    static CacheKey of(RequestFacts request) {
        return of(request, null);
    }

    /** The key of {@code request}, its host read through {@code lastHost} unless that is {@code null}. */
    static CacheKey of(RequestFacts request, LastHost lastHost) {
        for (String field : FORWARDING_FIELDS) {
            if (request.fields().contains(field)) {
                return null;
            }
        }
        String host = host(request, lastHost);
        String target = request.target();
        return host == null || !RequestTarget.isNormal(target) ? null : new CacheKey(host, target);
    }

    /**
     * The key of the normal form of {@code target} on {@code host}, or {@code null} if it is not
     * origin-form: what invalidation removes, whatever spelling it was given.
     */
    static CacheKey normalised(String host, String target) {
        String normal = RequestTarget.normalForm(target);
        return normal == null ? null : new CacheKey(host, normal);
    }

    /** The host part of {@code request}'s key, or {@code null} if its {@code Host} is missing, repeated or invalid. */
    static String host(RequestFacts request) {
        return host(request, null);
    }

    private static String host(RequestFacts request, LastHost lastHost) {
        String host = request.fields().count("Host") == 1 ? request.fields().value("Host") : null;
        if (host == null || host.isEmpty()) {
            return null;
        }
        return lastHost == null ? host(host, request.localPort()) : lastHost.host(host, request.localPort());
    }

    /**
     * The host part made last, and the {@code Host} value and port it was made from: nearly every
     * request to a connector names the same host, whose parsing would otherwise be a tenth of a
     * cache hit's work. Thread safety: none; one thread's (the selector's lookups).
     */
    static final class LastHost {

        private String authority;
        private int localPort;
        private String host;

        String host(String authority, int localPort) {
            if (localPort != this.localPort || !authority.equals(this.authority)) {
                this.host = CacheKey.host(authority, localPort);
                this.authority = authority;
                this.localPort = localPort;
            }
            return host;
        }
    }

    /** {@code authority} (a {@code Host} value) normalised as keys hold it, or {@code null} if it is invalid. */
    static String host(String authority, int localPort) {
        int colon;
        try {
            colon = Host.parse(authority);
        } catch (IllegalArgumentException e) {
            return null;
        }
        String host = authority.toLowerCase(Locale.ENGLISH); // itself if already lower case, as hosts mostly are
        return colon >= 0 && names(host, colon + 1, localPort) ? host.substring(0, colon) : host;
    }

    /** Whether {@code host} from {@code start} on is {@code port} in decimal, spelled as Integer.toString spells it. */
    private static boolean names(String host, int start, int port) {
        int value = 0;
        for (int i = start; i < host.length(); i++) {
            char c = host.charAt(i);
            if (c < '0' || c > '9' || i == start && c == '0' && host.length() - start > 1 || value > 65535) {
                return false;
            }
            value = value * 10 + (c - '0');
        }
        return host.length() > start && value == port;
    }

    /** The host without its port. */
    String hostName() {
        int bracket = host.lastIndexOf(']');
        int colon = host.indexOf(':', bracket + 1);
        return colon < 0 ? host : host.substring(0, colon);
    }

    /**
     * Whether the target lies in the web application at {@code contextPath} ({@code ""} for the
     * root one, which holds every target), comparing decoded paths as Catalina maps them.
     */
    boolean isWithin(String contextPath) {
        int question = target.indexOf('?');
        // A key's target is in normal form, so its percent-encoding decodes.
        String path = UDecoder.URLDecode(question < 0 ? target : target.substring(0, question), StandardCharsets.UTF_8);
        return path.equals(contextPath) || path.startsWith(contextPath + "/");
    }
}
