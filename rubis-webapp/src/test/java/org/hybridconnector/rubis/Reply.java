package org.hybridconnector.rubis;

import java.net.URI;

/** One HTTP reply as the tests look at it. */
record Reply(URI uri, int status, String body) {

    boolean isErrorPage() {
        return body.contains("ERROR");
    }

    @Override
    public String toString() {
        return status + " " + uri;
    }
}
