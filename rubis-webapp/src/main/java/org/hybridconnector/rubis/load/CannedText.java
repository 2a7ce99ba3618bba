package org.hybridconnector.rubis.load;

/**
 * Filler text for generated descriptions and comments, cut to the length the distribution
 * asks for. It must never contain the words the emulator reads as outcomes ("Sorry" sends a
 * client back, "ERROR" resets its session), or generated data would change the workload.
 */
final class CannedText {

    private static final String DESCRIPTION_SEED =
            "This lot was listed by the RUBiS data generator. It is in fine condition, ships within two "
            + "days of payment and comes with everything shown in the pictures. Bidders are welcome to "
            + "ask the seller questions before the auction closes. Combined shipping is offered on "
            + "multiple wins, and international buyers should check the shipping costs first. ";

    private static final String[] COMMENTS_BY_RATING = {
        "Terrible experience, the item never arrived and the seller did not answer my mails. ",
        "The item was not quite as described and took weeks to arrive. ",
        "An ordinary transaction, nothing special to report either way. ",
        "Good seller, item as described and delivered on time. Would deal again. ",
        "Outstanding seller! Fast shipping, careful packing and a lovely item. Highly recommended. ",
    };

    private static final String DESCRIPTIONS = repeat(DESCRIPTION_SEED, 8192);
    private static final String[] COMMENTS = new String[COMMENTS_BY_RATING.length];

    static {
        for (int i = 0; i < COMMENTS_BY_RATING.length; i++) {
            COMMENTS[i] = repeat(COMMENTS_BY_RATING[i], 2048);
        }
    }

    private CannedText() {
    }

    static String description(int length) {
        return cut(DESCRIPTIONS, length);
    }

    /** A comment of the given length whose tone matches {@code ratingRank} (0 = worst .. 4 = best). */
    static String comment(int ratingRank, int length) {
        return cut(COMMENTS[ratingRank], length);
    }

    private static String cut(String text, int length) {
        return text.substring(0, Math.min(Math.max(length, 1), text.length())).strip();
    }

    private static String repeat(String seed, int atLeast) {
        return seed.repeat(atLeast / seed.length() + 1);
    }
}
