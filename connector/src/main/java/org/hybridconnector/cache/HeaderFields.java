package org.hybridconnector.cache;

import java.util.ArrayList;
import java.util.List;

import org.apache.tomcat.util.http.FastHttpDateFormat;

/**
 * The header fields of a request or response head as the cache rules read them: names compare
 * case-insensitively, a name may stand on several lines, and the order received is kept, since a
 * stored response is written back in that order. The rules never see where the fields came from
 * (Coyote's headers, a test), so they can be tried without a connector.
 * <p>
 * Immutable: any thread may read it.
 */
public final class HeaderFields {

    /** Names and values, alternately, in the order received. */
    private final String[] namesAndValues;

    /** Bit {@code n % 64} set for each name of {@code n} characters: most names asked for are not there, and this says so at once. */
    private final long nameLengths;

    private HeaderFields(String[] namesAndValues) {
        this.namesAndValues = namesAndValues;
        long lengths = 0;
        for (int i = 0; i < namesAndValues.length; i += 2) {
            lengths |= 1L << namesAndValues[i].length();
        }
        this.nameLengths = lengths;
    }

    private boolean mayHave(String name) {
        return (nameLengths & 1L << name.length()) != 0;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** How many field lines there are. */
    public int size() {
        return namesAndValues.length / 2;
    }

    public String name(int index) {
        return namesAndValues[2 * index];
    }

    public String value(int index) {
        return namesAndValues[2 * index + 1];
    }

    /** The value of the first line named {@code name}, or {@code null} if there is none. */
    public String value(String name) {
        if (!mayHave(name)) {
            return null;
        }
        for (int i = 0; i < size(); i++) {
            if (name(i).equalsIgnoreCase(name)) {
                return value(i);
            }
        }
        return null;
    }

    /** How many lines are named {@code name}. */
    public int count(String name) {
        if (!mayHave(name)) {
            return 0;
        }
        int count = 0;
        for (int i = 0; i < size(); i++) {
            if (name(i).equalsIgnoreCase(name)) {
                count++;
            }
        }
        return count;
    }

    public boolean contains(String name) {
        return value(name) != null;
    }

    /** The values of the lines named {@code name}, in the order received. */
    public List<String> values(String name) {
        if (!mayHave(name)) {
            return List.of();
        }
        List<String> values = new ArrayList<>();
        for (int i = 0; i < size(); i++) {
            if (name(i).equalsIgnoreCase(name)) {
                values.add(value(i));
            }
        }
        return values;
    }

    /**
     * The HTTP-date (RFC 9110 §5.6.7) on the one line named {@code name}, in milliseconds since the
     * epoch, or -1 if there is no such line, more than one, or it is not a date.
     */
    public long date(String name) {
        return count(name) == 1 ? FastHttpDateFormat.parseDate(value(name)) : -1;
    }

    /**
     * The members of the list that the lines named {@code name} make together (RFC 9110 §5.6.1
     * and §5.3: lines of one name are one comma-separated list), trimmed, without the empty ones.
     * A comma inside a quoted string does not end a member, so that {@code private="a, b"} stays one.
     */
    public List<String> elements(String name) {
        List<String> elements = new ArrayList<>();
        for (String value : values(name)) {
            split(value, elements);
        }
        return elements;
    }

    private static void split(String value, List<String> elements) {
        boolean quoted = false;
        int start = 0;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (quoted && c == '\\') {
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                addTrimmed(value.substring(start, i), elements);
                start = i + 1;
            }
        }
        addTrimmed(value.substring(start), elements);
    }

    private static void addTrimmed(String element, List<String> elements) {
        String trimmed = element.trim();
        if (!trimmed.isEmpty()) {
            elements.add(trimmed);
        }
    }

    /** Collects field lines in the order they were received. Not thread-safe. */
    public static final class Builder {

        private final List<String> namesAndValues = new ArrayList<>();

        private Builder() {
        }

        public Builder add(String name, String value) {
            namesAndValues.add(name);
            namesAndValues.add(value);
            return this;
        }

        public HeaderFields build() {
            return new HeaderFields(namesAndValues.toArray(new String[0]));
        }
    }
}
