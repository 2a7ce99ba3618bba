package org.hybridconnector.bench.wsesslog;

import java.util.List;

/**
 * One line of an httperf {@code --wsesslog} session and its indented lines: a page request, the
 * embedded requests httperf sends as a burst once the page's reply has arrived, and the user's
 * think time before the next page.
 *
 * @param label what the page is (a RUBiS state, a static object), written as a comment
 */
public record Burst(String label, String uri, List<String> embedded, long thinkMillis) {

    public Burst {
        embedded = List.copyOf(embedded);
        if (uri.isEmpty() || uri.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("an httperf URI must be non-empty and without white space: '" + uri + "'");
        }
    }

    public Burst withThink(long millis) {
        return new Burst(label, uri, embedded, millis);
    }

    /** Requests this burst sends: the page and its embedded objects. */
    public int requests() {
        return 1 + embedded.size();
    }
}
