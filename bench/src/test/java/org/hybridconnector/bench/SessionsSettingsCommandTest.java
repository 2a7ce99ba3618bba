package org.hybridconnector.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/**
 * bench/run sessions's command line as bench/sessions hands it over: the settings printed are
 * evaluated by a real bash, as the script does, and what bash then holds is compared.
 */
class SessionsSettingsCommandTest {

    @Test
    void testQuickModeIsTheDefaultAndPlansItsSteps() throws Exception {
        String settings = settings();
        assertEquals("quick|rubis|bidding|h2|0.01|15|20|2000|0", bash(settings,
                "echo \"$mode|$workload|$mix|$db|$scale|$window|$grace|$pool_wait_ms|$ramp_up\""));
        assertEquals("hybrid blocking nio|5 40 80 160", bash(settings, "echo \"${variant_list[*]}|${load_list[*]}\""));
        assertEquals("7 2400 343 22.857143 0", bash(settings, "echo \"${offer_plans[160]}\""));
        assertEquals("<Connector protocol=\"org.apache.coyote.http11.Http11NioProtocol\" port=\"8080\""
                + " address=\"127.0.0.1\" connectionTimeout=\"20000\" acceptCount=\"1000\" maxThreads=\"200\" />",
                bash(settings, "e=${connector_elements[nio]}; echo \"${e//@PORT@/8080}\""));
    }

    @Test
    void testSteadyModeTakesItsOwnDefaultsAndHasNoStepPlans() throws Exception {
        String settings = settings("--steady", "--loads", "30,7.5", "--variants", "nio:50@300,hybrid-sessions");
        assertEquals("steady|mariadb|0.1|300|0|10000|60|120|300|30", bash(settings,
                "echo \"$mode|$db|$scale|$window|$grace|$pool_wait_ms|$ramp_up|$warm_up_s|$interval|$tail\""));
        assertEquals("nio:50@300 hybrid-sessions|30 7.5", bash(settings, "echo \"${variant_list[*]}|${load_list[*]}\""));
        assertEquals("none", bash(settings, "declare -p offer_plans >/dev/null 2>&1 && echo plans || echo none"));
        assertEquals("nio|hybrid-sessions", bash(settings,
                "echo \"${variant_names[nio:50@300]}|${policy_variants[*]}\""));
        assertEquals("90", bash(settings("--steady", "--think-scale", "1"), "echo \"$tail\""),
                "the 10 s time-out, the longest think time (70 s) and 10 s");
    }

    @Test
    void testAKeepAliveReachesEveryVariantsElement() throws Exception {
        String settings = settings("--steady", "--variants", "nio:50@300,hybrid-sessions", "--keep-alive-ms", "75000");
        assertEquals("2", bash(settings, "for e in \"${connector_elements[@]}\"; do echo \"$e\"; done"
                + " | grep -c ' acceptCount=\"1000\" keepAliveTimeout=\"75000\" '"));
        assertEquals("0", bash(settings(), "for e in \"${connector_elements[@]}\"; do echo \"$e\"; done"
                + " | grep -c keepAlive || true"), "unset, Tomcat's own");
        settings = settings("--steady", "--variants", "nio:50@300,hybrid", "--keep-alive-requests", "-1");
        assertEquals("2", bash(settings, "for e in \"${connector_elements[@]}\"; do echo \"$e\"; done"
                + " | grep -c ' acceptCount=\"1000\" maxKeepAliveRequests=\"-1\" '"));
    }

    @Test
    void testTheStaticWorkloadHasItsOwnMixAndLoads() throws Exception {
        assertEquals("static|50,100,200,400,600,800|24 9000 375 25.000000 0",
                bash(settings("--full", "--workload", "static", "--window", "15", "--grace", "20", "--think-scale", "0.1"),
                        "echo \"$mix|$loads|${offer_plans[600]}\""));
        String steady = settings("--steady", "--workload", "static", "--loads", "400,800");
        assertEquals("steady|static|400,800|30", bash(steady, "echo \"$mode|$mix|$loads|$tail\""),
                "the static leg at steady state plans its own steps, as RUBiS's");
    }

    @Test
    void testTheUpRampIsHalfTheFirstLoad() throws Exception {
        assertEquals("2.5|1 75 75 2.500000 0", bash(settings("--ramp-up", "30"), "echo \"$ramp_rate|$ramp_plan\""));
    }

    @Test
    void testAValueWithQuotesAndSpacesComesThroughAsOneWord() throws Exception {
        String out = "/tmp/it's a \"run\" $HOME `date`";
        assertEquals(out, bash(settings("--out", out, "--sustain", "--resume"), "$sustain && $resume && echo \"$out\""));
    }

    @Test
    void testABadValueStopsTheRunNamingItsOption() {
        assertRefused("--variants: unknown variant 'nio3': expected one of hybrid,", "--variants", "nio,nio3");
        assertRefused("--variants: 'nio@300:50' is not NAME", "--variants", "nio@300:50");
        assertRefused("--variants names a variant twice", "--variants", "nio,hybrid,nio");
        assertRefused("--loads must be a positive number, not 'x'", "--loads", "5,x");
        assertRefused("--loads must be a positive number, not '0'", "--loads", "0");
        assertRefused("--interval must be a whole number of seconds, a multiple of 5", "--steady", "--interval", "301");
        assertRefused("--tail must be", "--steady", "--tail", "12");
        assertRefused("--admission-ms must be at least 1", "--admission-ms", "0");
        assertRefused("--keep-alive-ms must be at least 1", "--keep-alive-ms", "0");
        assertRefused("--keep-alive-requests must be -1 (no limit) or at least 1, not 0", "--keep-alive-requests", "0");
        assertRefused("--pool-wait-ms must be at least -1", "--pool-wait-ms", "-2");
        assertRefused("--mix must be bidding or browsing, not 'shopping'", "--mix", "shopping");
        assertRefused("--db must be h2 or mariadb", "--db", "oracle");
        assertRefused("--saturation must be a positive number", "--saturation", "-3");
        assertRefused("'--repeats'", "--repeats", "many");
    }

    @Test
    void testHelpListsEveryOption() {
        StringWriter out = new StringWriter();
        CommandLine line = Main.commandLine();
        line.setOut(new PrintWriter(out));
        assertEquals(0, line.execute("sessions-settings", "--help"));
        for (String option : new String[] { "--steady", "--variants", "--pool-wait-ms", "--buffer-pool-mb", "--resume" }) {
            assertTrue(out.toString().contains(option), option);
        }
    }

    private static void assertRefused(String expected, String... args) {
        StringWriter err = new StringWriter();
        CommandLine line = Main.commandLine();
        line.setOut(new PrintWriter(new StringWriter()));
        line.setErr(new PrintWriter(err));
        String[] call = new String[args.length + 1];
        call[0] = "sessions-settings";
        System.arraycopy(args, 0, call, 1, args.length);
        assertEquals(2, line.execute(call), String.join(" ", args));
        assertTrue(err.toString().contains(expected), err::toString);
    }

    private static String settings(String... args) {
        StringWriter out = new StringWriter();
        CommandLine line = Main.commandLine();
        line.setOut(new PrintWriter(out));
        String[] call = new String[args.length + 1];
        call[0] = "sessions-settings";
        System.arraycopy(args, 0, call, 1, args.length);
        assertEquals(0, line.execute(call), String.join(" ", args));
        return out.toString();
    }

    /** What bash prints for {@code expression} after evaluating the settings as bench/sessions does (set -u). */
    private static String bash(String settings, String expression) throws IOException, InterruptedException {
        Process bash = new ProcessBuilder("bash", "-c", "set -eu; eval \"$(cat)\"; " + expression)
                .redirectErrorStream(true).start();
        try (OutputStream in = bash.getOutputStream()) {
            in.write(settings.getBytes(StandardCharsets.UTF_8));
        }
        String printed = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(bash.waitFor(30, TimeUnit.SECONDS), "bash did not end");
        assertEquals(0, bash.exitValue(), printed);
        return printed;
    }
}
