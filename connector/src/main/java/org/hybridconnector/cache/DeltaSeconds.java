package org.hybridconnector.cache;

/**
 * Reads a delta-seconds value (RFC 9111 §1.2.2), the unit of {@code max-age}, {@code s-maxage}
 * and {@code Age}.
 */
final class DeltaSeconds {

    /** What a value too large to represent counts as (RFC 9111 §1.2.2). */
    static final long GREATEST = 2147483648L;

    private DeltaSeconds() {
    }

    /**
     * The value of {@code text}, capped at {@link #GREATEST}, or -1 if it is not a non-negative
     * decimal integer.
     */
    static long parse(String text) {
        if (text == null || text.isEmpty()) {
            return -1;
        }
        long seconds = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            seconds = Math.min(GREATEST, seconds * 10 + (c - '0'));
        }
        return seconds;
    }
}
