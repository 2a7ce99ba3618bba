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
 * The host is the {@code Host} field in lower case (RFC 9110 §4.2.3), its port as received.
 * Coyote gives the application the port a {@code Host} names or, when it names none, the
 * scheme's (80, 443 or the connector's {@code proxyPort}), never the port the connection came in
 * on: {@code shop} and {@code shop:8080} can reach a page that prints its own address as two
 * ports, so they are two keys, and two spellings of one port cost at most a miss. The target is
 * kept exactly as received: two spellings are never merged, and a target not already in
 * {@linkplain RequestTarget normal form} has no key.
 * <p>
 * A request must not be able to plant a response under a key that other clients use. So a request
 * has no key, and is neither stored from nor answered, when anything in its head that is not in
 * the key could change what the application answers: a target that is not origin-form (the
 * absolute form names a host of its own), a missing, repeated or invalid {@code Host}, or any of
 * {@link #FORWARDING_FIELDS}, with which proxies and frameworks rewrite the host, scheme, port,
 * path or method an application sees. Behind a proxy that adds these fields nothing is cached
 * here: cache in that proxy.
 *
 * @param host   the {@code Host} field in lower case
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
        return lastHost == null ? host(host) : lastHost.host(host);
    }

    /**
     * The host part made last, and the {@code Host} value it was made from: nearly every request
     * to a connector names the same host, whose validation would otherwise be a tenth of a cache
     * hit's work. Thread safety: none; one thread's (the selector's lookups).
     */
    static final class LastHost {

        private String authority;
        private String host;

        String host(String authority) {
            if (!authority.equals(this.authority)) {
                this.host = CacheKey.host(authority);
                this.authority = authority;
            }
            return host;
        }
    }

    /** {@code authority} (a {@code Host} value) as keys hold it, or {@code null} if Coyote would refuse it. */
    static String host(String authority) {
        try {
            Host.parse(authority);
        } catch (IllegalArgumentException e) {
            return null;
        }
        return authority.toLowerCase(Locale.ENGLISH); // itself if already lower case, as hosts mostly are
    }

    /** The host without its port. */
    String hostName() {
        return RequestFacts.withoutPort(host);
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
