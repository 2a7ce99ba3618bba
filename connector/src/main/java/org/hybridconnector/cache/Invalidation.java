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
 * taken even when the request could not be stored from. A named URI, or an absolute-form target,
 * that {@code java.net.URI} does not read invalidates nothing.
 * <p>
 * The scheme of a named URI is not compared: a connector's cache holds one scheme's responses, and
 * a URI of the same host in the other scheme costs at most a miss.
 */
final class Invalidation {

    /** RFC 9110 §9.2.1; any other method, known or not, may change its target. */
    private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD", "OPTIONS", "TRACE");

    private Invalidation() {
    }

    /** Whether {@code method} is not known to be safe, so that a request with it may invalidate entries. */
    static boolean isUnsafe(String method) {
        return !SAFE_METHODS.contains(method);
    }

    /**
     * The key of the target of {@code request} if its method is unsafe; {@code null} if it is safe,
     * or its target names no host or has no normal form.
     */
    static CacheKey unsafeTarget(RequestFacts request) {
        return isUnsafe(request.method()) ? targetKey(request) : null;
    }

    /** The keys whose entries {@code response} to {@code request} invalidates; often none. */
    static List<CacheKey> invalidatedBy(RequestFacts request, ResponseFacts response) {
        CacheKey target = changedTarget(request, response);
        if (target == null) {
            return List.of();
        }
        List<CacheKey> keys = new ArrayList<>(List.of(target));
        keys.addAll(named(response, target));
        return keys;
    }

    /** Those of {@link #invalidatedBy} that {@code response} names, without the request's target. */
    static List<CacheKey> namedBy(RequestFacts request, ResponseFacts response) {
        CacheKey target = changedTarget(request, response);
        return target == null ? List.of() : named(response, target);
    }

    /** The key of an unsafe request's target if its response is a non-error one (2xx or 3xx), else {@code null}. */
    private static CacheKey changedTarget(RequestFacts request, ResponseFacts response) {
        boolean nonError = response.status() >= 200 && response.status() < 400;
        return nonError ? unsafeTarget(request) : null;
    }

    /** The keys of the {@code Location} and {@code Content-Location} {@code response} names, on the target's host. */
    private static List<CacheKey> named(ResponseFacts response, CacheKey target) {
        List<CacheKey> keys = new ArrayList<>();
        for (String field : List.of("Location", "Content-Location")) {
            String reference = response.fields().value(field);
            CacheKey referenced = reference == null ? null : referenced(reference, target);
            if (referenced != null && referenced.host().equals(target.host())) {
                keys.add(referenced);
            }
        }
        return keys;
    }

    /**
     * The key of the request's target: an origin-form target on the host its {@code Host} names,
     * an absolute-form one on the host it names itself (RFC 9112 §3.2.2).
     */
    private static CacheKey targetKey(RequestFacts request) {
        String target = request.target();
        if (!target.startsWith("/")) {
            return key(uri(target));
        }
        String host = CacheKey.host(request);
        return host == null ? null : CacheKey.normalised(host, target);
    }

    /** The key of {@code reference} resolved against {@code target}'s URI; {@code null} if either is unreadable. */
    private static CacheKey referenced(String reference, CacheKey target) {
        URI base = uri("http://" + target.host() + target.target());
        URI uri = uri(reference);
        return base == null || uri == null ? null : key(base.resolve(uri));
    }

    /** The key a request for {@code uri} would have, or {@code null} if it names no host. */
    private static CacheKey key(URI uri) {
        if (uri == null || uri.getRawAuthority() == null) {
            return null;
        }
        String host = CacheKey.host(uri.getRawAuthority());
        if (host == null) {
            return null;
        }
        String path = uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        return CacheKey.normalised(host, uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery());
    }

    private static URI uri(String text) {
        try {
            return new URI(text);
        } catch (URISyntaxException e) {
            return null;
        }
    }
}
