package org.hybridconnector.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/** Main's command line as the scripts under {@code bench/} write it, and what it says to a wrong one. */
class MainTest {

    private static final String[] STEADY_PLAN = { "steady-plan", "--load", "25", "--ramp-up", "60", "--warm-up", "120",
            "--interval", "300", "--tail", "30", "--mix", "bidding", "--site-data", "work/site.tsv", "--out",
            "work/files", "--seed", "7", "--max-pages", "1000", "--think-scale", "0.5" };

    /** Every call the scripts make, with stand-in values: bench/campaign's through bench/sessions, bench/sessions, steady.sh, campaign, soak, compare-builds, static-cache, footprint. */
    private static final List<String[]> SCRIPT_CALLS = List.of(
            new String[] { "sessions-settings", "--steady", "--commit", "1ee77d3", "--mix", "bidding", "--loads", "45",
                    "--repeats", "1", "--variants", "hybrid-sessions,nio:50@300,nio", "--out", "headline/b", "--resume",
                    "--interval", "360" },
            new String[] { "setup-notes", "--steady", "--commit", "1ee77d3", "--loads", "45", "--resume",
                    "--tomcat-version", "11.0.24", "--built-commit", "1ee77d3e6a82", "--site-data", "site.tsv",
                    "--mariadb-url", "jdbc:mariadb://127.0.0.1:3306/rubis_bench", "--notes-out", "setup.md" },
            new String[] { "site-data", "--db-url", "jdbc:h2:/w/rubis", "--db-user", "sa", "--out", "site.tsv" },
            new String[] { "access-log-pattern" },
            new String[] { "static-workload", "--docroot", "surge", "--files", "1000", "--file-seed", "1", "--out",
                    "static-1.wsesslog", "--seed", "1001", "--sessions", "500", "--url-prefix", "/surge/",
                    "--off-scale", "1" },
            new String[] { "rubis-sessions", "--mix", "bidding", "--site-data", "site.tsv", "--out", "files", "--prefix",
                    "nio-10", "--seed", "1", "--files", "2", "--sessions", "1000", "--max-pages", "1000",
                    "--think-scale", "1" },
            new String[] { "probe", "--port", "8080", "--paths", "/a,/b", "--seconds", "60", "--clients", "4",
                    "--interval-ms", "250", "--timeout-ms", "10000", "--out", "probe.txt", "--timeline", "t.csv" },
            new String[] { "step", "--csv", "steps.csv", "--mix", "bidding", "--variant", "nio", "--jvm", "17",
                    "--offered", "10", "--repeat", "1", "--window", "60", "--sessions-offered", "600", "--start",
                    "reading-start.txt", "--window-end", "reading-window-end.txt", "--end", "reading-end.txt",
                    "--clock-ticks", "100", "--raw-prefix", "raw/nio-10-r1", "--probe", "probe.txt", "out-1.txt",
                    "out-2.txt" },
            new String[] { "summary", "--csv", "steps.csv", "--out", "run", "--title", "RUBiS bidding mix, steady mode",
                    "--command", "bench/run sessions --quick", "--notes", "notes.md", "--saturation", "10" },
            STEADY_PLAN,
            new String[] { "steady-plan", "--load", "400", "--ramp-up", "30", "--warm-up", "60", "--interval", "120",
                    "--tail", "90", "--mix", "static", "--surge-files", "work/surge-files", "--out", "work/files",
                    "--seed", "1", "--max-pages", "20", "--think-scale", "1" },
            new String[] { "sessions-settings", "--steady", "--commit", "1ee77d3", "--workload", "static", "--mix",
                    "static", "--loads", "50,100", "--repeats", "1", "--variants", "hybrid,blocking", "--out",
                    "headline/s", "--think-scale", "1" },
            new String[] { "jmx-sample", "--jmx-port", "9010", "--port", "8080", "--seconds", "418", "--out", "jmx.csv",
                    "Catalina:type=ThreadPool,*#currentThreadsBusy", "Catalina:type=ProtocolHandler,*#sessions" },
            new String[] { "jmx-sample", "--jmx-port", "9010", "--port", "8080", "--seconds", "140", "--every-ms", "5000",
                    "--from-zero", "--start-epoch-ms", "1700000000000", "--policy", "--out", "policy-jmx.csv" },
            new String[] { "jmx-sample", "--jmx-port", "9010", "--port", "8080", "--seconds", "1800", "--every-ms",
                    "60000", "--start-epoch-ms", "1699999999000", "--out", "soak-jmx.csv",
                    "Catalina:type=ThreadPool,*#connectionCount", "Catalina:type=ProtocolHandler,*#parkedCount" },
            new String[] { "policy-series", "--samples", "policy-jmx.csv", "--out", "policy.csv" },
            new String[] { "policy-plots", "--dir", "run", "--window", "120" },
            new String[] { "step-ledger", "--csv", "steps.csv", "--match", "variant=nio:50@300", "--match", "repeat=1",
                    "--each", "offered_sess_s=10,20,30", "--drop-incomplete" },
            new String[] { "step-ledger", "--csv", "steady.csv", "--match", "block=1", "--match", "load=30",
                    "--match", "variant=hybrid-sessions" },
            new String[] { "step-counters", "--jmx-port", "9010", "--port", "8080", "--out", "start-counters.txt" },
            new String[] { "step-counters", "--jmx-port", "9010", "--port", "8080", "--at-epoch-ms", "1700000120000",
                    "--out", "window-end-counters.txt" },
            new String[] { "steady-step", "--csv", "steady.csv", "--block", "1", "--load", "25", "--variant", "nio",
                    "--commit", "3a3f234", "--from", "1700000000000", "--to", "1700000300000", "--slices", "h.txt",
                    "--access-log", "steady-access.log", "--probe", "probe.txt", "--interval-start",
                    "interval-start.txt", "--interval-end", "interval-end.txt", "--clock-ticks", "100", "a.wsesslog",
                    "b.wsesslog" },
            new String[] { "headline", "--out", "headline/bidding", "--saturation", "12.5", "--title",
                    "RUBiS bidding mix at steady state", "--command", "bench/campaign (plan: plan.tsv, commit 3a3f234)",
                    "bidding-1/steady.csv", "bidding-2/steady.csv" },
            new String[] { "compare-builds", "--rounds-csv", "cmp/rounds.csv", "--command", "cmp/command.txt", "--out",
                    "cmp/summary.md" },
            new String[] { "compare-variants", "--rounds-csv", "cmp/rounds.csv", "--command", "cmp/command.txt",
                    "--reference", "nio", "--out", "cmp/summary.md" },
            new String[] { "footprint", "--pid", "4242", "--port", "8080", "--connector", "hybrid", "--kind", "http",
                    "--round", "2", "--connections", "10000", "--out", "fp" },
            new String[] { "footprint-report", "--dir", "fp", "--connections", "10000", "--title", "Idle|Command" });

    @Test
    void testEveryScriptCallParses() {
        for (String[] call : SCRIPT_CALLS) {
            ParseResult parsed = Main.commandLine().parseArgs(call);
            assertEquals(call[0], parsed.subcommand().commandSpec().name(), String.join(" ", call));
        }
    }

    @Test
    void testSteadyPlanTakesWhatSteadyShPasses() {
        ParseResult plan = Main.commandLine().parseArgs(STEADY_PLAN).subcommand();
        assertEquals("25", plan.matchedOptionValue("--load", ""), "the load as written: it names the files");
        assertEquals(60, (int) plan.matchedOptionValue("--ramp-up", 0));
        assertEquals(300, (int) plan.matchedOptionValue("--interval", 0));
        assertEquals("bidding", plan.matchedOptionValue("--mix", ""));
        assertEquals(7L, (long) plan.matchedOptionValue("--seed", 0L));
        assertEquals(0.5, plan.matchedOptionValue("--think-scale", 1.0), 1e-12);
    }

    @Test
    void testLeftOutOptionsKeepTheirDefaults() {
        ParseResult workload = Main.commandLine().parseArgs("static-workload", "--docroot", "surge", "--out", "f")
                .subcommand();
        assertEquals(1L, (long) workload.commandSpec().findOption("--seed").getValue());
        assertEquals(1000, (int) workload.commandSpec().findOption("--files").getValue());
        assertEquals("/surge/", workload.commandSpec().findOption("--url-prefix").getValue());
        ParseResult step = Main.commandLine().parseArgs("step", "--csv", "c", "--mix", "m", "--variant", "v", "--jvm",
                "17", "--offered", "1", "--repeat", "1", "--window", "1", "--sessions-offered", "1", "--start", "s",
                "--window-end", "w", "--end", "e", "--raw-prefix", "r", "out.txt").subcommand();
        assertEquals(100, (int) step.commandSpec().findOption("--clock-ticks").getValue());
    }

    @Test
    void testAMissingRequiredOptionIsNamed() {
        String err = failure(2, "headline", "--out", "x", "--command", "c", "steady.csv");
        assertTrue(err.contains("Missing required option: '--saturation"), err);
    }

    @Test
    void testAnUnknownOptionFails() {
        String err = failure(2, "summary", "--csv", "c", "--out", "o", "--title", "t", "--command", "c", "--tilte", "x");
        assertTrue(err.contains("Unknown option") && err.contains("'--tilte'"), err);
    }

    @Test
    void testABadNumberNamesItsOption() {
        String err = failure(2, "probe", "--port", "8080", "--paths", "/a", "--seconds", "sixty", "--out", "p");
        assertTrue(err.contains("'--seconds'") && err.contains("'sixty'"), err);
        String[] badLoad = STEADY_PLAN.clone();
        badLoad[2] = "25/s";
        err = failure(2, badLoad);
        assertTrue(err.contains("'--load'") && err.contains("'25/s'"), err);
    }

    /** Runs Main, expects {@code status}, and returns what it wrote to standard error. */
    private static String failure(int status, String... args) {
        StringWriter err = new StringWriter();
        CommandLine line = Main.commandLine();
        line.setErr(new PrintWriter(err));
        assertEquals(status, line.execute(args), err::toString);
        return err.toString();
    }
}
