package org.hybridconnector.rubis.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class TransitionTableTest {

    private final TransitionTable bidding = TransitionTable.forMix("bidding");
    private final TransitionTable browsing = TransitionTable.forMix("browsing");

    @Test
    void testCumulativeWalkTruncatesBackAndEnd() {
        // docs/rubis.md, "Transition tables": in the bidding mix End is never reached from ViewItem
        // and the search pages, Back from ViewItem falls from 0.5 to 0.4921, AboutMe's End from 0.2
        // to 0.032, and Home stays on itself with 0.03.
        assertEquals(0.2, bidding.nominal(Page.VIEW_ITEM, TransitionTable.END), 1e-12);
        assertEquals(0, bidding.effective(Page.VIEW_ITEM, TransitionTable.END), 1e-9);
        assertEquals(0, bidding.effective(Page.SEARCH_ITEMS_IN_CATEGORY, TransitionTable.END), 1e-9);
        assertEquals(0.4921, bidding.effective(Page.VIEW_ITEM, TransitionTable.BACK), 1e-9);
        assertEquals(0.7921, bidding.effective(Page.VIEW_USER_INFO, TransitionTable.BACK), 1e-9);
        assertEquals(0.032, bidding.effective(Page.ABOUT_ME, TransitionTable.END), 1e-9);
        assertEquals(0.03, bidding.effective(Page.HOME, Page.HOME.ordinal()), 1e-9);
        // Browsing mix: End drops to 0.002 on the view pages.
        assertEquals(0.002, browsing.effective(Page.VIEW_ITEM, TransitionTable.END), 1e-9);
        assertEquals(0.04, browsing.effective(Page.ABOUT_ME, TransitionTable.END), 1e-9);
    }

    @Test
    void testEffectiveProbabilitiesOfEveryRowSumToOne() {
        for (TransitionTable table : new TransitionTable[] { bidding, browsing }) {
            for (Page from : Page.values()) {
                double sum = 0;
                for (int to = 0; to <= TransitionTable.END; to++) {
                    sum += table.effective(from, to);
                }
                assertEquals(1, sum, 1e-9, table.name() + " " + from);
            }
        }
    }

    @Test
    void testBackOnlyFromTheViewPages() {
        for (Page page : Page.values()) {
            boolean view = page == Page.VIEW_ITEM || page == Page.VIEW_USER_INFO || page == Page.VIEW_BID_HISTORY;
            assertEquals(view, bidding.hasBack(page), page.name());
        }
        assertEquals(7000, bidding.waitingMillis(Page.VIEW_ITEM));
        assertEquals(10000, bidding.waitingMillis(Page.REGISTER));
    }

    @Test
    void testSamplerFollowsTheEffectiveProbabilities() {
        SplittableRandom random = new SplittableRandom(11);
        int draws = 200_000;
        for (Page from : new Page[] { Page.HOME, Page.VIEW_ITEM, Page.PUT_BID, Page.ABOUT_ME }) {
            long[] counts = new long[TransitionTable.END + 1];
            for (int i = 0; i < draws; i++) {
                counts[bidding.next(from, random.nextDouble())]++;
            }
            double chiSquare = ChiSquare.statistic(counts, to -> bidding.effective(from, to), draws);
            assertTrue(chiSquare < ChiSquare.CRITICAL_99_9_DF28, from + ": chi-square " + chiSquare);
        }
    }

    @Test
    void testSamplerIsNotRenormalised() {
        // A renormalising sampler would reach End from ViewItem (0.2 / 1.2079 of the draws).
        SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < 100_000; i++) {
            assertFalse(bidding.next(Page.VIEW_ITEM, random.nextDouble()) == TransitionTable.END);
        }
    }
}
