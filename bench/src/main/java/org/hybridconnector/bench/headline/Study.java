package org.hybridconnector.bench.headline;

/**
 * One study of the campaign: a mix measured on one machine model, its rows, and the saturation load R
 * its own sweep found there. Its loads are read as multiples of that R, so that studies on machines of
 * different speeds meet at the same multiples.
 *
 * @param name the study's name in the plan ({@code bidding/intel-167}), or empty for a report of one
 * @param campaign its rows
 * @param saturation R, new sessions/s
 */
record Study(String name, Campaign campaign, double saturation) {

    Study {
        if (!(saturation > 0) || Double.isInfinite(saturation)) {
            throw new IllegalArgumentException("saturation must be a positive load: " + saturation);
        }
    }

    /** The tested load within 1 % of {@code multiple} times saturation (the nearest), or {@code NaN}. */
    double loadAt(int multiple) {
        double wanted = multiple * saturation;
        return campaign.loads().stream().filter(l -> Math.abs(l - wanted) <= Targets.LOAD_TOLERANCE * wanted)
                .min((a, b) -> Double.compare(Math.abs(a - wanted), Math.abs(b - wanted))).orElse(Double.NaN);
    }

    /** The directory name the campaign gives the study's report: its name with {@code -} for {@code /}. */
    String directory() {
        return name.replace('/', '-');
    }
}
