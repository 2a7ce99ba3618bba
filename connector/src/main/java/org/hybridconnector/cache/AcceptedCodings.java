package org.hybridconnector.cache;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;
import java.util.regex.Pattern;

import org.apache.tomcat.util.http.parser.HttpParser;

/**
 * The content codings a request accepts, read from its {@code Accept-Encoding} (RFC 9110
 * §12.5.3), and the encoding variant it may be given of a response stored with
 * {@code Vary: Accept-Encoding} (RFC 9111 §4.1).
 * <p>
 * The variant is the set of codings the request accepts, in one spelling: requests whose fields
 * differ only in spacing, case, order or weights above zero accept the same codings, so they get
 * the same variant, whichever of those codings the application chose. A request is given a
 * stored body only if it accepts every coding the body has ({@link #acceptsAll}), so no request
 * receives a gzip body unless it accepts gzip.
 * <p>
 * A field the application might read otherwise than this class does (a coding listed twice, a
 * weight that is not a qvalue, a parameter other than the weight) gives no codings at all, and
 * the request is neither stored from nor answered: it could otherwise put a body under a variant
 * whose other requests do not accept it. A request without the field, like one with an empty
 * field, accepts only {@code identity}: RFC 9110 lets a server send any coding then, but Tomcat
 * sends none, and clients that send no field often decode none.
 */
final class AcceptedCodings {

    /** A qvalue (RFC 9110 §12.4.2). */
    private static final Pattern QVALUE = Pattern.compile("0(\\.[0-9]{0,3})?|1(\\.0{0,3})?");
    private static final String IDENTITY = "identity";
    private static final String ANY = "*";
    /** What a request without the field accepts; made once, as most requests that ask for images have none. */
    private static final AcceptedCodings IDENTITY_ONLY = new AcceptedCodings(Map.of(), null, true);

    /** Whether each coding listed, other than {@code identity} and {@code *}, is accepted, by name. */
    private final Map<String,Boolean> listed;
    /** Whether {@code *} is accepted, or {@code null} if it is not listed. */
    private final Boolean any;
    private final boolean identity;
    private final String variant;

    private AcceptedCodings(Map<String,Boolean> listed, Boolean any, boolean identity) {
        this.listed = listed;
        this.any = any;
        this.identity = identity;
        this.variant = spellVariant();
    }

    /** The codings {@code fields} accept, or {@code null} if their {@code Accept-Encoding} is unclear (see above). */
    static AcceptedCodings of(HeaderFields fields) {
        if (!fields.contains("Accept-Encoding")) {
            return IDENTITY_ONLY;
        }
        Map<String,Boolean> listed = new TreeMap<>();
        for (String element : fields.elements("Accept-Encoding")) {
            int semicolon = element.indexOf(';');
            String coding = canonical(semicolon < 0 ? element : element.substring(0, semicolon).trim());
            if (!HttpParser.isToken(coding)) {
                return null;
            }
            Boolean accepted = semicolon < 0 ? Boolean.TRUE : positiveWeight(element.substring(semicolon + 1));
            if (accepted == null || listed.put(coding, accepted) != null) {
                return null;
            }
        }
        Boolean any = listed.remove(ANY);
        Boolean identity = listed.remove(IDENTITY);
        boolean identityAccepted = identity != null ? identity.booleanValue() : any == null || any.booleanValue();
        return new AcceptedCodings(listed, any, identityAccepted);
    }

    /** Lower case, and the names RFC 9110 §8.4.1 says to read as others. */
    static String canonical(String coding) {
        String lower = coding.toLowerCase(Locale.ENGLISH);
        return switch (lower) {
            case "x-gzip" -> "gzip";
            case "x-compress" -> "compress";
            default -> lower;
        };
    }

    /** Whether the weight {@code q=...} is above zero, or {@code null} if it is not a weight. */
    private static Boolean positiveWeight(String parameter) {
        String weight = parameter.trim();
        if (weight.length() < 2 || Character.toLowerCase(weight.charAt(0)) != 'q' || weight.charAt(1) != '=') {
            return null;
        }
        String qvalue = weight.substring(2);
        return QVALUE.matcher(qvalue).matches() ? Boolean.valueOf(Double.parseDouble(qvalue) > 0) : null;
    }

    boolean accepts(String coding) {
        String name = canonical(coding);
        if (name.equals(IDENTITY)) {
            return identity;
        }
        Boolean accepted = listed.get(name);
        return accepted != null ? accepted.booleanValue() : Boolean.TRUE.equals(any);
    }

    /** Whether every one of {@code codings} (a body's {@code Content-Encoding} members) is accepted. */
    boolean acceptsAll(List<String> codings) {
        for (String coding : codings) {
            if (!accepts(coding)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The set of codings accepted, in one spelling. A refusal is spelled only where it is not
     * implied, that is under an accepted {@code *}.
     */
    String variant() {
        return variant;
    }

    private String spellVariant() {
        StringJoiner variant = new StringJoiner(",");
        boolean anyAccepted = Boolean.TRUE.equals(any);
        listed.forEach((coding, accepted) -> {
            if (accepted.booleanValue()) {
                variant.add(coding);
            } else if (anyAccepted) {
                variant.add("!" + coding);
            }
        });
        if (anyAccepted) {
            variant.add(ANY);
        }
        variant.add(identity ? IDENTITY : "!" + IDENTITY);
        return variant.toString();
    }
}
