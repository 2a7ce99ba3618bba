package org.hybridconnector.cache;

import java.util.Set;

/**
 * Whether a shared cache may store a response, and keep it for other requests (RFC 9111 §3).
 * <p>
 * Only what this cache can answer with unchanged and without asking the application again is
 * stored: it never revalidates and never serves a stale response, so a response that must be
 * revalidated before each use ({@code no-cache}, even qualified), or that is not fresh when it
 * arrives, is not worth storing.
 */
final class Storability {

    /**
     * Of the statuses RFC 9110 §15.1 makes heuristically cacheable, those whose response is the
     * same for every request to the target and has a body of its own. Left out: 204 (nothing to
     * spare), 206 (a part, §3.3), 405, 414 and 501 (they depend on the request more than on the
     * target, and are cheap to make again).
     */
    static final Set<Integer> STATUSES = Set.of(200, 203, 300, 301, 308, 404, 410);

    private Storability() {
    }

    /** The request side alone: whether a response to {@code request} could be stored at all. */
    static boolean mayStoreFrom(RequestFacts request) {
        return request.method().equals("GET") // §3: a HEAD's response has no body to answer a GET with
                && CacheKey.of(request) != null
                && AcceptedCodings.of(request.fields()) != null
                && !request.fields().contains("Range") // the answer is a part, or depends on If-Range
                && !request.hasContent()
                && !request.cacheControl().has("no-store"); // §5.2.1.5
    }

    /**
     * Whether {@code response} to {@code request}, whose freshness is {@code freshness}, may be
     * stored (§3): the request side, then the status, a body of known length, the response's
     * directives (§5.2.2), cookies, a close, authorization (§3.5) and {@code Vary} (§4.1), and being
     * fresh.
     */
    static boolean storable(RequestFacts request, ResponseFacts response, Freshness freshness, CacheSettings settings) {
        HeaderFields fields = response.fields();
        CacheControl cacheControl = response.cacheControl();
        return mayStoreFrom(request)
                && STATUSES.contains(Integer.valueOf(response.status()))
                && !fields.contains("Content-Range")
                && hasKnownLength(response)
                && !cacheControl.has("no-store") // §5.2.2.5
                && !cacheControl.has("private") // §5.2.2.7: qualified too, the safe reading
                && !cacheControl.has("no-cache") // §5.2.2.4: see the class description
                && !fields.contains("Set-Cookie")
                && !(closesItsConnection(fields) && !closesItsConnection(request.fields()))
                && (!request.fields().contains("Cookie") || settings.isStatic(response.mediaType()))
                && (!request.fields().contains("Authorization") || sharedDespiteAuthorization(cacheControl))
                && variesOnlyOnEncoding(fields)
                && freshness.isFresh(freshness.responseTime());
    }

    /**
     * Whether a head says {@code Connection: close}. A response that says it closed its connection
     * because its request asked, because the connection had served its last request, or because the
     * application set it; only the first can be told from the bytes. A hit keeps its connection
     * open unless its own request asks otherwise, so it must not drop the application's close: a
     * response that closed for no reason its request gave is stored from another response.
     */
    private static boolean closesItsConnection(HeaderFields fields) {
        return fields.elements("Connection").stream().anyMatch("close"::equalsIgnoreCase);
    }

    /**
     * §3.5: whether a response to a request with {@code Authorization} may answer other requests:
     * only if a directive says a shared cache may keep it.
     */
    static boolean sharedDespiteAuthorization(CacheControl cacheControl) {
        return cacheControl.has("public") || cacheControl.has("s-maxage") || cacheControl.has("must-revalidate");
    }

    /**
     * Whether the length of the body is known before it is sent, so that a hit can say it in
     * {@code Content-Length}; a {@code Content-Length} field must agree with it.
     */
    private static boolean hasKnownLength(ResponseFacts response) {
        HeaderFields fields = response.fields();
        int lines = fields.count("Content-Length");
        return response.bodyLength() >= 0 && (lines == 0
                || lines == 1 && fields.value("Content-Length").equals(Long.toString(response.bodyLength())));
    }

    /**
     * §4.1: a response that varies on a field other than {@code Accept-Encoding}, or on {@code *},
     * would need its request's fields kept; this cache keeps only the encoding variant.
     */
    private static boolean variesOnlyOnEncoding(HeaderFields fields) {
        return fields.elements("Vary").stream().allMatch(field -> field.equalsIgnoreCase("Accept-Encoding"));
    }
}
