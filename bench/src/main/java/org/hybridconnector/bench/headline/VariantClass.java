package org.hybridconnector.bench.headline;

import java.util.Set;

import org.hybridconnector.bench.run.Variant;

/**
 * What a variant is in the headline comparison, by its base name (the name before any
 * {@code :threads} or {@code @maxConnections}, so {@code nio:50@300} is {@code nio}).
 */
public enum VariantClass {
    /** Tomcat's own connectors, at any thread count or connection cap: what an operator has today. */
    STOCK,
    /** {@code nio-admission}: stock NIO with the paper's plain admission rule, the yardstick. */
    YARDSTICK,
    /** The hybrid connector and its policies: every base name that starts with {@code hybrid}. */
    CANDIDATE,
    /** Anything else: reported, never compared with. */
    OTHER;

    private static final Set<String> STOCK_NAMES = Set.of("nio", "nio2", "nio-vt");

    public static VariantClass of(String variant) {
        String base = Variant.baseName(variant);
        if (STOCK_NAMES.contains(base)) {
            return STOCK;
        }
        if (base.equals("nio-admission")) {
            return YARDSTICK;
        }
        return base.startsWith("hybrid") ? CANDIDATE : OTHER;
    }
}
