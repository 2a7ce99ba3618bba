package org.hybridconnector.cache;

/** Requests as the cache tests build them: a GET for a logo. */
final class Heads {

    static final int LOCAL_PORT = 8080;
    static final String HOST = "example.com";
    static final String TARGET = "/shop/logo.png";

    private Heads() {
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
        return new RequestFacts(method, target, fields(withHost), LOCAL_PORT);
    }

    static RequestFacts get(String... namesAndValues) {
        return request("GET", TARGET, namesAndValues);
    }
}
