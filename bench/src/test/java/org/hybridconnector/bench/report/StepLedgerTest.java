package org.hybridconnector.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.hybridconnector.bench.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What --resume reads from a run's CSV, and the run it drops to run again whole. */
class StepLedgerTest {

    private static final List<String> STEPS = List.of("mix,variant,jvm,offered_sess_s,repeat",
            "bidding,nio,openjdk 17,5.000,1", "bidding,nio,openjdk 17,10.000,1", "bidding,hybrid,openjdk 17,5.000,1",
            "bidding,hybrid,openjdk 17,5.000,2");

    @Test
    void testAStepIsFoundByItsColumnsNumbersComparedAsNumbers(@TempDir Path dir) throws IOException {
        StepLedger ledger = StepLedger.read(write(dir));
        assertTrue(ledger.has(Map.of("variant", "nio", "repeat", "1", "offered_sess_s", "5")));
        assertTrue(ledger.has(Map.of("variant", "nio", "repeat", "1", "offered_sess_s", "10")));
        assertFalse(ledger.has(Map.of("variant", "hybrid", "repeat", "1", "offered_sess_s", "10")));
        assertFalse(ledger.has(Map.of("variant", "hybrid-all", "repeat", "1")), "hybrid-all is not hybrid");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ledger.has(Map.of("block", "1")));
        assertTrue(e.getMessage().contains("no column block"), e.getMessage());
    }

    @Test
    void testDroppingARunKeepsEveryOtherRow(@TempDir Path dir) throws IOException {
        Path csv = write(dir);
        assertEquals(1, StepLedger.read(csv).drop(Map.of("variant", "hybrid", "repeat", "1")));
        assertEquals(List.of(STEPS.get(0), STEPS.get(1), STEPS.get(2), STEPS.get(4)), Files.readAllLines(csv));
        assertEquals(0, StepLedger.read(csv).drop(Map.of("variant", "hybrid", "repeat", "1")));
    }

    @Test
    void testARunNotBegunHasNoStepAndNoFile(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("steady.csv");
        assertFalse(StepLedger.read(csv).has(Map.of("block", "1")));
        assertEquals(0, StepLedger.read(csv).drop(Map.of("block", "1")));
        assertFalse(Files.exists(csv));
    }

    @Test
    void testTheCommandExitsZeroForACompleteRunAndThreeDroppingAnIncompleteOne(@TempDir Path dir) throws IOException {
        Path csv = write(dir);
        assertEquals(0, Main.commandLine().execute("step-ledger", "--csv", csv.toString(), "--match", "variant=nio",
                "--match", "repeat=1", "--each", "offered_sess_s=5,10"));
        assertEquals(3, Main.commandLine().execute("step-ledger", "--csv", csv.toString(), "--match", "variant=hybrid",
                "--match", "repeat=1", "--each", "offered_sess_s=5,10", "--drop-incomplete"));
        assertFalse(StepLedger.read(csv).has(Map.of("variant", "hybrid", "repeat", "1")));
        assertTrue(StepLedger.read(csv).has(Map.of("variant", "hybrid", "repeat", "2")));
    }

    private static Path write(Path dir) throws IOException {
        return Files.write(dir.resolve("steps.csv"), STEPS);
    }
}
