package org.hybridconnector.bench.run;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A connector variant as {@code bench/run sessions --variants} names it: {@code NAME[:THREADS][@CAP]},
 * e.g. {@code hybrid-sessions}, {@code nio:10} or {@code nio:50@300} (maxThreads 50, maxConnections
 * 300). Without {@code :THREADS} the variant takes the run's thread count for its kind.
 */
public record Variant(String spec, String name, Integer threads, Integer maxConnections) {

    /** Every name a variant may have (docs/bench.md, "Variants"). */
    public static final List<String> NAMES = List.of("hybrid", "hybrid-sessions", "hybrid-sessions-503",
            "hybrid-lengthy", "hybrid-adaptive", "hybrid-all", "hybrid-all-backlog", "hybrid-cache",
            "hybrid-cache-html", "blocking", "nio", "nio-admission", "nio2", "nio-vt");

    private static final Pattern SPEC = Pattern.compile("([a-z0-9-]+)(?::([0-9]+))?(?:@([0-9]+))?");

    /** The variant a spec names; an unknown name or a malformed count fails with a message that says which. */
    public static Variant parse(String spec) {
        Matcher matcher = SPEC.matcher(spec);
        if (!matcher.matches()) {
            throw new IllegalArgumentException("'" + spec + "' is not NAME, NAME:THREADS, NAME@MAXCONNECTIONS"
                    + " or NAME:THREADS@MAXCONNECTIONS");
        }
        String name = matcher.group(1);
        if (!NAMES.contains(name)) {
            throw new IllegalArgumentException("unknown variant '" + name + "': expected one of "
                    + String.join(", ", NAMES));
        }
        Integer threads = positive(spec, matcher.group(2), "thread count");
        Integer cap = positive(spec, matcher.group(3), "maxConnections");
        if (threads != null && name.equals("nio-vt")) {
            throw new IllegalArgumentException("'" + spec
                    + "': nio-vt runs on virtual threads and takes no thread count");
        }
        return new Variant(spec, name, threads, cap);
    }

    private static Integer positive(String spec, String digits, String what) {
        if (digits == null) {
            return null;
        }
        try {
            int value = Integer.parseInt(digits);
            if (value > 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // too large: the message below
        }
        throw new IllegalArgumentException("'" + spec + "': the " + what + " must be a positive number, not " + digits);
    }

    /**
     * A spec's name without its settings: {@code nio2:200@1000} is {@code nio2}. It does not check the
     * name, as the reports read the CSVs of older runs, whose names this runner may no longer know.
     */
    public static String baseName(String spec) {
        int end = spec.length();
        for (char settings : new char[] { ':', '@' }) {
            int at = spec.indexOf(settings);
            if (at >= 0) {
                end = Math.min(end, at);
            }
        }
        return spec.substring(0, end);
    }

    /** The hybrid connector or one of its policies and features. */
    public boolean hybrid() {
        return name.startsWith("hybrid");
    }

    /**
     * The hybrid with a policy or feature of its own ({@code hybrid-…}): the runner samples its counters
     * over time and writes what its lengthy-request policy learned.
     */
    public boolean withPolicies() {
        return withPolicies(spec);
    }

    /** {@link #withPolicies()} by a spec's base name, lenient as {@link #baseName(String)}. */
    public static boolean withPolicies(String spec) {
        return baseName(spec).startsWith("hybrid-");
    }

    /** A variant whose worker count adapts: its thread count is the ceiling it adapts under. */
    boolean adaptive() {
        return name.equals("hybrid-adaptive") || name.startsWith("hybrid-all");
    }
}
