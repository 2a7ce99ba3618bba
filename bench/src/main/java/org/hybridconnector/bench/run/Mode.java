package org.hybridconnector.bench.run;

import java.util.Locale;

/**
 * The modes of {@code bench/run sessions} and what each takes when an option is not given. Quick
 * is minutes on H2; full is the paper's stepped experiment on MariaDB (original think times and
 * sessions); steady is the headline's measurement (docs/bench.md, "Steady state").
 */
public enum Mode {
    QUICK("hybrid,blocking,nio", "h2", "0.01", "5,40,80,160", 1, 15, 20, "0.1", 20),
    FULL("hybrid,blocking,nio,nio2,nio-vt", "mariadb", "0.1", "2,4,8,12,16,24", 3, 120, 480, "1", 1000),
    /** Its window is the measured interval, and it has no grace: the load goes on through a tail instead. */
    STEADY("hybrid-sessions,hybrid-all,nio-admission,nio,nio2", "mariadb", "0.1", "32", 1, 0, 0, "0.1", 20);

    public final String variants;
    public final String db;
    public final String scale;
    public final String rubisLoads;
    public final int repeats;
    public final int window;
    public final int grace;
    public final String thinkScale;
    public final int maxPages;

    Mode(String variants, String db, String scale, String rubisLoads, int repeats, int window, int grace,
            String thinkScale, int maxPages) {
        this.variants = variants;
        this.db = db;
        this.scale = scale;
        this.rubisLoads = rubisLoads;
        this.repeats = repeats;
        this.window = window;
        this.grace = grace;
        this.thinkScale = thinkScale;
        this.maxPages = maxPages;
    }

    /** The static workload's loads: its sessions are short (about six requests), so more of them per second. */
    public String staticLoads() {
        return this == QUICK ? "50,200,600" : "50,100,200,400,600,800";
    }

    /** The name in results directories and reports. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
