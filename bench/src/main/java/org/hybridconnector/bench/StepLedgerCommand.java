package org.hybridconnector.bench;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import org.hybridconnector.bench.report.StepLedger;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code step-ledger}: whether a run's CSV records the steps named, for {@code --resume}; see
 * {@link StepLedger}. Exits 0 if it does and {@value #NOT_RECORDED} if not (1 and 2 are picocli's
 * for a failure and a bad command line); with {@code --drop-incomplete}, a run that lacks one of
 * its steps loses the rows it has.
 */
@Command(name = "step-ledger", description = "Exit 0 if the run's CSV records every step named (a row matching all"
        + " --match values, for each value of --each), 3 if not.")
final class StepLedgerCommand implements Callable<Integer> {

    static final int NOT_RECORDED = 3;

    @Spec
    private CommandSpec spec;

    @Option(names = "--csv", required = true, paramLabel = "FILE")
    private Path csv;

    @Option(names = "--match", required = true, paramLabel = "COLUMN=VALUE", description = "Repeat for more columns.")
    private Map<String,String> match = new LinkedHashMap<>();

    @Option(names = "--each", paramLabel = "COLUMN=V1,V2", description = "A step for each value, e.g. the loads.")
    private String each;

    @Option(names = "--drop-incomplete", description = "If a step is missing, remove the rows matching --match.")
    private boolean dropIncomplete;

    @Override
    public Integer call() throws Exception {
        StepLedger ledger = StepLedger.read(csv);
        boolean complete = true;
        for (Map<String,String> step : steps()) {
            complete &= ledger.has(step);
        }
        if (!complete && dropIncomplete) {
            int dropped = ledger.drop(match);
            if (dropped > 0) {
                System.out.println("dropped " + dropped + " rows of an incomplete run: " + match);
            }
        }
        return complete ? 0 : NOT_RECORDED;
    }

    private List<Map<String,String>> steps() {
        if (each == null) {
            return List.of(match);
        }
        int equals = each.indexOf('=');
        if (equals <= 0) {
            throw new ParameterException(spec.commandLine(), "--each wants COLUMN=V1,V2,..., not " + each);
        }
        return Arrays.stream(each.substring(equals + 1).split(",")).map(value -> {
            Map<String,String> step = new LinkedHashMap<>(match);
            step.put(each.substring(0, equals), value);
            return step;
        }).toList();
    }
}
