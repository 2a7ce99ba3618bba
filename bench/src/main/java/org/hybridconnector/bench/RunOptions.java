package org.hybridconnector.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.hybridconnector.bench.run.Mode;
import org.hybridconnector.bench.run.Variant;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The options of {@code bench/run sessions}, shared by the commands that read its command line
 * ({@code sessions-settings}, {@code setup-notes}) so that both see one run. Fields left out are
 * null until {@link #resolve()} fills them in from the mode; the loads, scale and think-time
 * factor stay as written, since they name files and CSV rows.
 */
final class RunOptions {

    @Spec(Spec.Target.MIXEE)
    private CommandSpec command;

    Mode mode = Mode.QUICK;

    @Option(names = "--quick",
            description = "Minutes on H2: hybrid, blocking, nio at 5,40,80,160/s (the default mode).")
    void quick(boolean on) {
        mode = Mode.QUICK;
    }

    @Option(names = "--full",
            description = "The paper's stepped experiment on MariaDB: think times x1, sessions of up to"
            + " 1,000 pages, 3 runs of hybrid, blocking, nio, nio2, nio-vt at 2 to 24/s.")
    void full(boolean on) {
        mode = Mode.FULL;
    }

    @Option(names = "--steady",
            description = "Steady state: per block, load and variant a fresh Tomcat, an up-ramp, then"
            + " constant load; sessions counted by the time they end inside the measured interval, by httperf and by"
            + " the server's access log; a row per step in steady.csv. --repeats is the number of blocks; every"
            + " variant runs once per block and load, back to back.")
    void steady(boolean on) {
        mode = Mode.STEADY;
    }

    @Option(names = "--warm-up", paramLabel = "S",
            description = "Steady: seconds at the full load before the interval.")
    int warmUp = 120;

    @Option(names = "--interval", paramLabel = "S", description = "Steady: the measured interval in seconds.")
    int interval = 300;

    @Option(names = "--tail", paramLabel = "S",
            description = "Steady: seconds the load goes on after the interval, so that"
            + " a session that paused before its end shows whether it went on (default: the 10 s time-out, the longest"
            + " think time and 10 s, rounded up to 5 s).")
    Integer tail;

    @Option(names = "--pool-wait-ms", paramLabel = "N",
            description = "RUBiS's database pool wait (DBCP maxWaitMillis) on"
            + " MariaDB, -1 for no limit: 10000 in steady mode (the clients' time-out: no session fails on the pool's"
            + " own account), else conf/rubis-mariadb.xml's 2000.")
    Integer poolWaitMillis;

    @Option(names = "--commit", paramLabel = "REV",
            description = "Build the connector and rubis.war from this commit (a git"
            + " worktree under bench/work), so that every block of a campaign measures one build even in a later"
            + " session (default: the working tree as it is).")
    String commit;

    @Option(names = "--workload", paramLabel = "W", description = "rubis or static: the Surge-like static"
            + " workload, served by Tomcat's default servlet from webapps/surge.")
    String workload = "rubis";

    @Option(names = "--mix", paramLabel = "M", description = "RUBiS mix: bidding or browsing.")
    String mix = "bidding";

    @Option(names = "--variants", paramLabel = "LIST",
            description = "Comma-separated connector variants (docs/bench.md,"
            + " \"Variants\"): hybrid, hybrid-sessions, hybrid-sessions-503, hybrid-lengthy, hybrid-adaptive,"
            + " hybrid-all,"
            + " hybrid-all-backlog, hybrid-cache, hybrid-cache-html, blocking, nio, nio-admission, nio2, nio-vt;"
            + " NAME:N sets maxThreads N (nio:10), NAME@C maxConnections C (nio:50@300). Default: the mode's.")
    String variants;

    @Option(names = "--db", paramLabel = "DB", description = "h2 (quick's default) or mariadb at 127.0.0.1:3306 (the"
            + " others'), reloaded before each Tomcat start.")
    String db;

    @Option(names = "--scale", paramLabel = "S", description = "RUBiS data set scale (quick 0.01, else 0.1).")
    String scale;

    @Option(names = "--loads", paramLabel = "LIST", description = "Offered new sessions/s, comma-separated.")
    String loads;

    @Option(names = "--repeats", paramLabel = "N", description = "Runs of every load and variant, variants interleaved"
            + " (quick 1, full 3); steady: blocks (1).")
    Integer repeats;

    @Option(names = "--window", paramLabel = "S", description = "Seconds during which a step starts sessions (quick 15,"
            + " full 120).")
    Integer window;

    @Option(names = "--grace", paramLabel = "S", description = "Seconds after the window before httperf is stopped"
            + " (quick 20, full 480).")
    Integer grace;

    @Option(names = "--sustain", description = "Keep offering new sessions at the step's rate through the grace, from"
            + " session files of another seed, uncounted: the counted sessions then finish under load.")
    boolean sustain;

    @Option(names = "--ramp-up", paramLabel = "S", description = "Before a Tomcat's first step, S seconds of uncounted"
            + " sessions at half the first load (RUBiS's up-ramp); steady: before every step (steady 60, else 0).")
    Integer rampUp;

    @Option(names = "--think-scale", paramLabel = "F",
            description = "Factor on the TPC-W think times (full 1, else 0.1).")
    String thinkScale;

    @Option(names = "--max-pages", paramLabel = "N", description = "Pages per session at most (full 1000, the original;"
            + " else 20).")
    Integer maxPages;

    @Option(names = "--threads", paramLabel = "N",
            description = "maxThreads of blocking, nio, nio-admission, nio2 (Tomcat's"
            + " default).")
    int threads = 200;

    @Option(names = "--hybrid-threads", paramLabel = "N",
            description = "maxThreads of the hybrid (the paper's 10); the"
            + " adaptive variants adapt under 4x this, hybrid-all* from this many up.")
    int hybridThreads = 10;

    @Option(names = "--lengthy-ms", paramLabel = "N", description = "lengthyThresholdMillis of hybrid-lengthy and"
            + " hybrid-all*.")
    int lengthyMillis = 50;

    @Option(names = "--admission-ms", paramLabel = "N", description = "admissionTargetMillis of the session-admission"
            + " variants (the connector's default).")
    int admissionMillis = 200;

    @Option(names = "--keep-alive-ms", paramLabel = "N", description = "keepAliveTimeout of every variant (unset:"
            + " Tomcat's, the connectionTimeout of 20 s). Think times x1 reach 70 s, and a shorter keep-alive closes a"
            + " thinking client's connection: a session that is its connection then loses its place.")
    Integer keepAliveMillis;

    @Option(names = "--keep-alive-requests", paramLabel = "N", description = "maxKeepAliveRequests of every variant,"
            + " -1 for no limit (unset: Tomcat's 100). Half the bidding mix's sessions send more than 100 requests:"
            + " at 100 a server closes their connection mid-visit, and where new connections wait (a maxConnections"
            + " cap, the hybrid's busyWorkers rule) the session waits to be let in again.")
    Integer keepAliveRequests;

    @Option(names = "--buffer-pool-mb", paramLabel = "N", description = "MariaDB's innodb_buffer_pool_size for the run,"
            + " restored at the end (scale 0.1 needs about 800 MiB; 0 leaves it as it is).")
    int bufferPoolMb = 1024;

    @Option(names = "--saturation", paramLabel = "R", description = "The saturation load an earlier run measured, for a"
            + " run that offers only loads past it: the report then compares at 2x and 3x R.")
    String saturation;

    @Option(names = "--seed", paramLabel = "N", description = "Seed of the session files.")
    long seed = 1;

    @Option(names = "--out", paramLabel = "DIR", description = "Results directory (bench/results/<mode>-<mix>-<date>).")
    String out;

    @Option(names = "--resume",
            description = "Complete the run in --out DIR that was cut short: a variant run or steady"
            + " step that is recorded is skipped, the rest run; pass the same options as the first time.")
    boolean resume;

    /** Parsed by {@link #resolve()}: the variants and loads, in the order given. */
    List<Variant> variantList;
    List<String> loadList;

    /**
     * Checks every value and fills in the mode's defaults, so that no field read afterwards is null;
     * a bad value throws the ParameterException that names its option.
     */
    void resolve() {
        mix = resolveMix();
        thinkScale = thinkScale != null ? thinkScale : mode.thinkScale;
        positiveNumber("--think-scale", thinkScale);
        loadList = positiveNumbers("--loads",
                loads != null ? loads : workload.equals("static") ? mode.staticLoads() : mode.rubisLoads);
        loads = String.join(",", loadList);
        variantList = variants(variants != null ? variants : mode.variants);
        scale = scale != null ? scale : mode.scale;
        positiveNumber("--scale", scale);
        db = oneOf("--db", db != null ? db : mode.db, "h2", "mariadb");
        rampUp = rampUp != null ? rampUp : mode == Mode.STEADY ? 60 : 0;
        tail = tail != null ? tail : defaultTail(Double.parseDouble(thinkScale));
        window = window != null ? window : mode == Mode.STEADY ? interval : mode.window;
        grace = grace != null ? grace : mode.grace;
        maxPages = maxPages != null ? maxPages : mode.maxPages;
        repeats = repeats != null ? repeats : mode.repeats;
        poolWaitMillis = poolWaitMillis != null ? poolWaitMillis : mode == Mode.STEADY ? 10000 : 2000;
        checkCounts();
    }

    /** The 10 s time-out, the longest think time (70 s at x1) and 10 s, on the 5-second grid of httperf's samples. */
    static int defaultTail(double thinkScale) {
        return 5 * (int) Math.ceil((20 + 70 * thinkScale) / 5);
    }

    private String resolveMix() {
        oneOf("--workload", workload, "rubis", "static");
        if (workload.equals("static")) {
            return "static";
        }
        return oneOf("--mix", mix, "bidding", "browsing");
    }

    private void checkCounts() {
        atLeast("--ramp-up", rampUp, 0);
        atLeast("--interval", interval, 1);
        atLeast("--window", window, 1);
        atLeast("--grace", grace, 0);
        atLeast("--max-pages", maxPages, 1);
        atLeast("--repeats", repeats, 1);
        atLeast("--threads", threads, 1);
        atLeast("--hybrid-threads", hybridThreads, 1);
        atLeast("--lengthy-ms", lengthyMillis, 1);
        atLeast("--admission-ms", admissionMillis, 1);
        if (keepAliveMillis != null) {
            atLeast("--keep-alive-ms", keepAliveMillis, 1);
        }
        if (keepAliveRequests != null && keepAliveRequests != -1 && keepAliveRequests < 1) {
            throw bad("--keep-alive-requests must be -1 (no limit) or at least 1, not " + keepAliveRequests);
        }
        atLeast("--buffer-pool-mb", bufferPoolMb, 0);
        atLeast("--pool-wait-ms", poolWaitMillis, -1);
        if (saturation != null) {
            positiveNumber("--saturation", saturation);
        }
        if (mode == Mode.STEADY) {
            Map<String,Integer> grid = new LinkedHashMap<>();
            grid.put("--ramp-up", rampUp);
            grid.put("--warm-up", warmUp);
            grid.put("--interval", interval);
            grid.put("--tail", tail);
            grid.forEach((option, seconds) -> {
                if (seconds < 0 || seconds % 5 != 0) {
                    throw bad(option + " must be a whole number of seconds, a multiple of 5 (httperf's sample"
                            + " interval), not " + seconds);
                }
            });
        }
    }

    private List<Variant> variants(String list) {
        List<Variant> parsed = new ArrayList<>();
        for (String one : list.split(",", -1)) {
            try {
                parsed.add(Variant.parse(one));
            } catch (IllegalArgumentException e) {
                throw bad("--variants: " + e.getMessage());
            }
        }
        if (parsed.stream().map(Variant::spec).distinct().count() < parsed.size()) {
            throw bad("--variants names a variant twice: " + list);
        }
        return parsed;
    }

    private List<String> positiveNumbers(String option, String list) {
        List<String> values = Arrays.asList(list.split(",", -1));
        values.forEach(value -> positiveNumber(option, value));
        if (values.stream().distinct().count() < values.size()) {
            throw bad(option + " names a load twice: " + list);
        }
        return values;
    }

    /** A positive decimal, kept as written: loads and scales name files and CSV rows. */
    private void positiveNumber(String option, String value) {
        if (!value.matches("[0-9]*\\.?[0-9]+") || !(Double.parseDouble(value) > 0)) {
            throw bad(option + " must be a positive number, not '" + value + "'");
        }
    }

    private String oneOf(String option, String value, String... allowed) {
        if (!Arrays.asList(allowed).contains(value)) {
            throw bad(option + " must be " + String.join(" or ", allowed) + ", not '" + value + "'");
        }
        return value;
    }

    private void atLeast(String option, int value, int least) {
        if (value < least) {
            throw bad(option + " must be at least " + least + ", not " + value);
        }
    }

    private ParameterException bad(String message) {
        return new ParameterException(command.commandLine(), message);
    }
}
