package org.hybridconnector.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import org.hybridconnector.bench.run.ConnectorElements;
import org.hybridconnector.bench.run.KeepAlive;
import org.hybridconnector.bench.run.Mode;
import org.hybridconnector.bench.run.OfferPlan;
import org.hybridconnector.bench.run.ShellAssignments;
import org.hybridconnector.bench.run.Variant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code sessions-settings}: the command line of {@code bench/run sessions}, checked and completed
 * with the mode's defaults ({@link RunOptions}), printed as bash assignments that the runner
 * evaluates: every setting under its variable's name, the variants and loads as arrays, each
 * variant's {@code <Connector>} element (its port {@code @PORT@}) and base name, the variants whose
 * policies are sampled over time and, in the stepped modes, how each step offers its sessions
 * ({@link OfferPlan}). Its {@code --help} is the runner's.
 */
@Command(name = "sessions-settings", showDefaultValues = false,
        description = { "The session-completion benchmark (bench/run sessions): for each connector variant a Tomcat 11",
                "with the same rubis.war and database, only the <Connector> differing, offered RUBiS sessions",
                "(httperf --wsesslog) at rates of new sessions per second. Load goes to 127.0.0.1 only; httperf",
                "runs on CPU 1, Tomcat and the database on CPU 0. Writes steps.csv (steady: steady.csv),",
                "summary.md and plots into the results directory. This command prints the run's settings",
                "as bash assignments; docs/bench.md says what each mode does." })
final class SessionsSettingsCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private RunOptions run;

    @Override
    public Integer call() {
        run.resolve();
        ConnectorElements connectors = new ConnectorElements(run.threads, run.hybridThreads, run.lengthyMillis,
                run.admissionMillis, new KeepAlive(run.keepAliveMillis, run.keepAliveRequests));
        Map<String,String> elements = new LinkedHashMap<>();
        Map<String,String> names = new LinkedHashMap<>();
        List<String> sampled = new ArrayList<>();
        for (Variant variant : run.variantList) {
            elements.put(variant.spec(), connectors.element(variant, "@PORT@"));
            names.put(variant.spec(), variant.name());
            if (variant.withPolicies()) {
                sampled.add(variant.spec());
            }
        }
        ShellAssignments shell = new ShellAssignments().set("mode", run.mode.label()).set("workload", run.workload)
                .set("mix", run.mix).set("variants", String.join(",", elements.keySet())).set("db", run.db)
                .set("scale", run.scale).set("loads", run.loads).set("repeats", run.repeats).set("window", run.window)
                .set("grace", run.grace).set("think_scale", run.thinkScale).set("max_pages", run.maxPages)
                .set("seed", run.seed).set("out", run.out).set("resume", run.resume)
                .set("buffer_pool_mb", run.bufferPoolMb).set("sustain", run.sustain).set("saturation", run.saturation)
                .set("ramp_up", run.rampUp).set("warm_up_s", run.warmUp).set("interval", run.interval)
                .set("tail", run.tail).set("pool_wait_ms", run.poolWaitMillis).set("commit", run.commit)
                .array("variant_list", List.copyOf(elements.keySet())).array("load_list", run.loadList)
                .map("connector_elements", elements).map("variant_names", names)
                .array("policy_variants", sampled);
        if (run.mode != Mode.STEADY) {
            offerPlans(shell);
        }
        spec.commandLine().getOut().print(shell);
        spec.commandLine().getOut().flush();
        return 0;
    }

    /** Each load's plan, and the up-ramp's at half the first load (steady.sh plans its own steps). */
    private void offerPlans(ShellAssignments shell) {
        OfferPlan.Sessions sessions = new OfferPlan.Sessions(run.workload.equals("static"),
                Double.parseDouble(run.thinkScale), run.maxPages, run.window + run.grace);
        Map<String,String> plans = new LinkedHashMap<>();
        for (String load : run.loadList) {
            int graceSeconds = run.sustain ? run.grace : 0;
            plans.put(load, OfferPlan.of(sessions, Double.parseDouble(load), run.window, graceSeconds).words());
        }
        double rampRate = Double.parseDouble(run.loadList.get(0)) / 2;
        shell.map("offer_plans", plans).set("ramp_rate", OfferPlan.label(rampRate))
                .set("ramp_plan", OfferPlan.of(sessions, rampRate, run.rampUp, 0).words());
    }
}
