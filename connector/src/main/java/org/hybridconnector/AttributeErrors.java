package org.hybridconnector;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

import org.apache.tomcat.util.res.StringManager;

/**
 * Parses {@code server.xml} attribute values and remembers the bad ones, so that start-up fails
 * with a message naming each bad attribute; and remembers which attributes were given, so that one
 * that has no effect with the others given can be named in a warning.
 * <p>
 * Tomcat's digester only logs a warning when a setter rejects a value, and the connector would
 * start with its default instead: a surprise on a production site. The connector's string setters
 * therefore parse here and the protocol's {@code init()} calls {@link #throwIfAny()}.
 * <p>
 * Thread safety: setters run on the thread that reads {@code server.xml}; {@code init} on the
 * thread that starts the server, after it.
 */
final class AttributeErrors {

    private static final StringManager sm = StringManager.getManager(AttributeErrors.class);

    private static final String SEPARATORS = "()<>@,;:\\\"/[]?={}";

    private final List<String> errors = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private final Set<String> given = new HashSet<>();

    /** Parses a whole number in {@code [min, max]}; {@code -1} too when {@code minusOneAllowed}. */
    void parseInt(String attribute, String value, int min, int max, boolean minusOneAllowed, Consumer<Integer> set) {
        given.add(attribute);
        String expected = sm.getString(minusOneAllowed ? "attributes.wholeNumberOrMinusOne" : "attributes.wholeNumber",
                Integer.toString(min), Integer.toString(max));
        int parsed;
        try {
            parsed = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            reject(attribute, value, expected);
            return;
        }
        if ((parsed < min || parsed > max) && !(minusOneAllowed && parsed == -1)) {
            reject(attribute, value, expected);
            return;
        }
        set.accept(Integer.valueOf(parsed));
    }

    /** Parses {@code true} or {@code false}, in any case. */
    void parseBoolean(String attribute, String value, Consumer<Boolean> set) {
        given.add(attribute);
        String trimmed = value.trim();
        if (trimmed.equalsIgnoreCase("true") || trimmed.equalsIgnoreCase("false")) {
            set.accept(Boolean.valueOf(trimmed));
        } else {
            reject(attribute, value, sm.getString("attributes.trueOrFalse"));
        }
    }

    /** Parses one of {@code names} (any case) into its enum constant. */
    <E extends Enum<E>> void parseChoice(String attribute, String value, Class<E> type, String names, Consumer<E> set) {
        given.add(attribute);
        try {
            set.accept(Enum.valueOf(type, value.trim().toUpperCase(java.util.Locale.ROOT)));
        } catch (IllegalArgumentException e) {
            reject(attribute, value, sm.getString("attributes.oneOf", names));
        }
    }

    /** Parses an HTTP token, such as a cookie's name: visible ASCII without separators. */
    void parseToken(String attribute, String value, Consumer<String> set) {
        given.add(attribute);
        String trimmed = value.trim();
        if (trimmed.isEmpty() || !trimmed.chars().allMatch(c -> c > 0x20 && c < 0x7f && SEPARATORS.indexOf(c) < 0)) {
            reject(attribute, value, sm.getString("attributes.token"));
        } else {
            set.accept(trimmed);
        }
    }

    /** Records an error that involves more than one attribute's value, checked at start-up. */
    void require(boolean condition, String attribute, String message) {
        if (!condition) {
            errors.add(sm.getString("attributes.combination", attribute, message));
        }
    }

    void parseAddress(String attribute, String value, Consumer<InetAddress> set) {
        given.add(attribute);
        try {
            set.accept(InetAddress.getByName(value.trim()));
        } catch (UnknownHostException e) {
            reject(attribute, value, sm.getString("attributes.address"));
        }
    }

    /** Records that {@code attribute} was given a value that its own setter checks. */
    void given(String attribute) {
        given.add(attribute);
    }

    void reject(String attribute, String value, String expected) {
        errors.add(sm.getString("attributes.badValue", attribute, value, expected));
    }

    /**
     * Records a warning for each of {@code attributes} that was given although it only has an
     * effect {@code with} something else (a phrase such as {@code admissionPolicy="sessions"}).
     */
    void ignoredUnless(boolean condition, String with, String... attributes) {
        if (condition) {
            return;
        }
        for (String attribute : attributes) {
            if (given.contains(attribute)) {
                warnings.add(sm.getString("attributes.ignored", attribute, with));
            }
        }
    }

    /** The warnings {@link #ignoredUnless} recorded, for the log once start-up has passed the checks. */
    List<String> warnings() {
        return List.copyOf(warnings);
    }

    /** @throws IllegalArgumentException naming every bad attribute, if there is one */
    void throwIfAny() {
        if (!errors.isEmpty()) {
            throw new IllegalArgumentException(sm.getString("attributes.invalid", String.join("; ", errors)));
        }
    }
}
