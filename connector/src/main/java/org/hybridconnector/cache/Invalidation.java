package org.hybridconnector.cache;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Which stored responses a request that may change its target makes wrong (RFC 9111 §4.4): after
 * a non-error (2xx or 3xx) response to a method not known to be safe, the target's, and those of
 * the {@code Location} and {@code Content-Location} the response names on the same host. Every
 * spelling of a target reaches its entries ({@link RequestTarget}), so the request's own key is
 * taken even when the request could not be stored from.
 * <p>
 * The scheme of a named URI is not compared: a connector's cache holds one scheme's responses, and
 * a URI of the same host in the other scheme costs at most a miss.
 */
final class Invalidation {

    /** RFC 9110 §9.2.1; any other method, known or not, may change its target. */
    private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD", "OPTIONS", "TRACE");

    private Invalidation() {
    }

    /** The keys whose entries {@code response} to {@code request} invalidates; often none. */
    static List<CacheKey> invalidatedBy(RequestFacts request, ResponseFacts response) {
        String host = CacheKey.host(request);
        boolean nonError = response.status() >= 200 && response.status() < 400;
        if (SAFE_METHODS.contains(request.method()) || !nonError || host == null) {
            return List.of();
        }
        List<CacheKey> keys = new ArrayList<>();
        addIfPresent(keys, CacheKey.normalised(host, request.target()));
        for (String field : List.of("Location", "Content-Location")) {
            String reference = response.fields().value(field);
            if (reference != null) {
                addIfPresent(keys, referenced(reference, request, host));
            }
        }
        return keys;
    }

    private static void addIfPresent(List<CacheKey> keys, CacheKey key) {
        if (key != null) {
            keys.add(key);
        }
    }

    /**
     * The key of {@code reference}, resolved against the request's URI, if it is on {@code host}:
     * the key a request following it would have.
     */
    private static CacheKey referenced(String reference, RequestFacts request, String host) {
        URI uri;
        try {
            uri = new URI("http://" + host + request.target()).resolve(new URI(reference));
        } catch (URISyntaxException e) {
            // Not a URI java.net reads: only the target itself is invalidated.
            return null;
        }
        String authority = uri.getRawAuthority();
        if (authority == null || !host.equals(CacheKey.host(authority, request.localPort()))) {
            return null;
        }
        String path = uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        return CacheKey.normalised(host, uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery());
    }
}
