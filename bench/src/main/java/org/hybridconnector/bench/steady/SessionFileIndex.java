package org.hybridconnector.bench.steady;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.hybridconnector.bench.wsesslog.WsesslogWriter;

/**
 * How many requests each marked session of a set of {@code --wsesslog} files sends when it runs
 * to its end: a session's requests are its non-comment lines up to the blank line that ends it,
 * as httperf reads them. The session's marker is read from its first request.
 */
public final class SessionFileIndex {

    private static final String PARAMETER = WsesslogWriter.SESSION_PARAMETER + "=";

    private final Map<String,Integer> requests = new HashMap<>();

    public static SessionFileIndex read(List<Path> files) throws IOException {
        SessionFileIndex index = new SessionFileIndex();
        for (Path file : files) {
            index.add(Files.readAllLines(file, StandardCharsets.UTF_8));
        }
        return index;
    }

    void add(List<String> lines) {
        String marker = null;
        int count = 0;
        for (String line : lines) {
            if (line.startsWith("#")) {
                continue;
            }
            if (line.isBlank()) {
                end(marker, count);
                marker = null;
                count = 0;
                continue;
            }
            if (marker == null) {
                marker = markerOf(line.strip().split("\\s+")[0]);
            }
            count++;
        }
        end(marker, count);
    }

    private void end(String marker, int count) {
        if (count == 0) {
            return;
        }
        if (marker == null) {
            throw new IllegalArgumentException("a session without a " + PARAMETER + " marker: the files were not "
                    + "written with --mark");
        }
        if (requests.put(marker, count) != null) {
            throw new IllegalArgumentException("session marker " + marker + " appears twice");
        }
    }

    /** The marker in a URI or query string, or {@code null}. */
    static String markerOf(String uriOrQuery) {
        int at = uriOrQuery.indexOf(PARAMETER);
        while (at > 0 && uriOrQuery.charAt(at - 1) != '?' && uriOrQuery.charAt(at - 1) != '&') {
            at = uriOrQuery.indexOf(PARAMETER, at + 1);
        }
        if (at < 0) {
            return null;
        }
        int end = uriOrQuery.indexOf('&', at);
        return uriOrQuery.substring(at + PARAMETER.length(), end < 0 ? uriOrQuery.length() : end);
    }

    /** The requests of the session, or -1 for a marker no file has. */
    public int requests(String marker) {
        return requests.getOrDefault(marker, -1);
    }

    public int sessions() {
        return requests.size();
    }
}
