package org.hybridconnector.workers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class WorkerCountRuleTest {

    @Test
    void testGrowsWhileRequestsQueueAndEveryWorkerIsBusy() {
        WorkerCountRule rule = new WorkerCountRule(2, 40, 10);
        assertEquals(14, rule.tick(8, 1.0, 100)); // half the queue
        assertEquals(14, rule.tick(8, 1.0, 140)); // the trial: 40 % more for 40 % more workers, kept
        assertEquals(15, rule.tick(1, 0.95, 130)); // at least one
    }

    @Test
    void testStepsBackWhenMoreWorkersCompleteNoMoreAndHoldsThatCeiling() {
        WorkerCountRule rule = new WorkerCountRule(2, 40, 10);
        assertEquals(12, rule.tick(4, 1.0, 100));
        assertEquals(10, rule.tick(6, 1.0, 101), "1 % more completed: the database, not the workers, limits");
        for (int second = 0; second < WorkerCountRule.HOLD_TICKS - 2; second++) {
            assertEquals(10, rule.tick(6, 1.0, 100), "grew again within the hold, at second " + second);
        }
        rule.tick(6, 1.0, 100);
        assertEquals(13, rule.tick(6, 1.0, 100), "probes again once the hold is over");
    }

    @Test
    void testKeepsOnlyTheWorkersTheGainPaysFor() {
        WorkerCountRule rule = new WorkerCountRule(2, 40, 10);
        assertEquals(20, rule.tick(20, 1.0, 100)); // 10 per worker
        assertEquals(13, rule.tick(20, 1.0, 130), "30 more completed: three workers' worth");
        assertEquals(13, rule.tick(20, 1.0, 130), "and the ceiling holds there");
    }

    @Test
    void testShrinksAfterIdleSecondsDownToTheMinimumOnly() {
        WorkerCountRule rule = new WorkerCountRule(2, 10, 4);
        assertEquals(4, rule.tick(0, 0.1, 5));
        assertEquals(4, rule.tick(0, 0.1, 5));
        assertEquals(3, rule.tick(0, 0.1, 5));
        for (int second = 0; second < 20; second++) {
            rule.tick(0, 0.0, 0);
        }
        assertEquals(2, rule.count());
    }

    @Test
    void testNeverExceedsTheMaximum() {
        WorkerCountRule rule = new WorkerCountRule(1, 12, 10);
        double completed = 100;
        for (int second = 0; second < 50; second++) {
            completed *= 1.5;
            assertTrue(rule.tick(500, 1.0, completed) <= 12);
        }
        assertEquals(12, rule.count());
    }

    /**
     * A model server whose throughput grows with workers up to 16 (then the CPU is the limit) and
     * that always has a queue: the count must settle near 16 and then move only to probe, at most
     * twice (up and back) per hold.
     */
    @Test
    void testSettlesAtTheKneeOfASaturatingServerWithoutOscillating() {
        WorkerCountRule rule = new WorkerCountRule(2, 64, 4);
        List<Integer> counts = new ArrayList<>();
        for (int second = 0; second < 300; second++) {
            int workers = rule.count();
            double completed = 50.0 * Math.min(workers, 16);
            counts.add(rule.tick(20, 1.0, completed));
        }
        List<Integer> settled = counts.subList(100, counts.size());
        int changes = 0;
        for (int i = 1; i < settled.size(); i++) {
            if (!settled.get(i).equals(settled.get(i - 1))) {
                changes++;
            }
        }
        assertTrue(settled.stream().allMatch(c -> c >= 16 && c <= 26), "left the knee: " + settled);
        assertTrue(changes <= 2 * (settled.size() / WorkerCountRule.HOLD_TICKS + 1), changes + " changes: " + settled);
    }

    @Test
    void testRejectsBoundsOutOfOrder() {
        assertThrows(IllegalArgumentException.class, () -> new WorkerCountRule(5, 4, 4));
        assertThrows(IllegalArgumentException.class, () -> new WorkerCountRule(0, 4, 4));
        assertThrows(IllegalArgumentException.class, () -> new WorkerCountRule(2, 4, 5));
    }
}
