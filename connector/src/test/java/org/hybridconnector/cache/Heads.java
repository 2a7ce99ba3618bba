package org.hybridconnector.cache;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.apache.tomcat.util.http.FastHttpDateFormat;

/** Requests, responses and entries as the cache tests build them: a GET for a logo and its response. */
final class Heads {

    static final String HOST = "example.com";
    static final String TARGET = "/shop/logo.png";
    /** Tue, 01 Apr 2025 10:00:00 GMT: when requests are made and responses received unless a test says otherwise. */
    static final long T0 = 1743501600000L;
    static final long SECOND = 1000;
    static final byte[] BODY = "hello".getBytes(StandardCharsets.ISO_8859_1);
    static final CacheSettings SETTINGS = new CacheSettings(1 << 20, 1 << 16, CacheSettings.DEFAULT_STATIC_TYPES,
            CacheSettings.DEFAULT_MAX_HEURISTIC_SECONDS);

    private Heads() {
    }

    /** The head a hit writes ({@link Hit#buffers}, {@link CachedResponse#hit}): every part but the body, as text. */
    static String writtenHead(java.nio.ByteBuffer[] written) {
        StringBuilder head = new StringBuilder();
        for (int i = 0; i < written.length - 1; i++) {
            head.append(StandardCharsets.ISO_8859_1.decode(written[i].duplicate()));
        }
        return head.toString();
    }

    /** The body a hit writes: its last part. */
    static java.nio.ByteBuffer writtenBody(java.nio.ByteBuffer[] written) {
        return written[written.length - 1];
    }

    static HeaderFields fields(String... namesAndValues) {
        HeaderFields.Builder fields = HeaderFields.builder();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            fields.add(namesAndValues[i], namesAndValues[i + 1]);
        }
        return fields.build();
    }

    /** A request for {@code target} on {@link #HOST} with {@code namesAndValues} after its {@code Host}. */
    static RequestFacts request(String method, String target, String... namesAndValues) {
        String[] withHost = new String[namesAndValues.length + 2];
        withHost[0] = "Host";
        withHost[1] = HOST;
        System.arraycopy(namesAndValues, 0, withHost, 2, namesAndValues.length);
        return new RequestFacts(method, target, fields(withHost));
    }

    static RequestFacts get(String... namesAndValues) {
        return request("GET", TARGET, namesAndValues);
    }

    /** A response of {@code status} dated {@link #T0} with the body {@link #BODY}, then {@code namesAndValues}. */
    static ResponseFacts response(int status, String... namesAndValues) {
        String[] fields = Arrays.copyOf(new String[] { "Date", date(T0), "Content-Length", "5" },
                4 + namesAndValues.length);
        System.arraycopy(namesAndValues, 0, fields, 4, namesAndValues.length);
        return new ResponseFacts(status, fields(fields), BODY.length);
    }

    static ResponseFacts ok(String... namesAndValues) {
        return response(200, namesAndValues);
    }

    /** A response any shared cache stores: fresh for a minute. */
    static ResponseFacts cacheable(String... namesAndValues) {
        String[] fields = Arrays.copyOf(new String[] { "Cache-Control", "max-age=60" }, 2 + namesAndValues.length);
        System.arraycopy(namesAndValues, 0, fields, 2, namesAndValues.length);
        return ok(fields);
    }

    /** The freshness of {@code response} requested and received at {@link #T0}. */
    static Freshness freshness(ResponseFacts response) {
        return Freshness.of(response, SETTINGS, T0, T0);
    }

    /** The entry for {@code response} to {@code request}, received at {@link #T0}. */
    static CachedResponse entry(RequestFacts request, ResponseFacts response) {
        return CachedResponse.of(request, response, BODY, freshness(response), SETTINGS);
    }

    static String date(long millis) {
        return FastHttpDateFormat.formatDate(millis);
    }
}
