package org.hybridconnector.bench.rubis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.hybridconnector.bench.rubis.SessionWalker.Step;
import org.hybridconnector.bench.wsesslog.Burst;
import org.hybridconnector.bench.wsesslog.SessionFiles;
import org.hybridconnector.rubis.model.ChiSquare;
import org.hybridconnector.rubis.model.Page;
import org.hybridconnector.rubis.model.TransitionTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Generated sessions follow the transition tables: per-state frequencies, session length, the page mix. */
class SessionWalkerTest {

    /**
     * 400 open auctions per region and category: search pages are practically never empty, so
     * the walk meets no "Sorry" and must match the figures of docs/rubis.md, "What the walk gives",
     * whose simulation ignored that word.
     */
    private static final SiteData SITE = SyntheticSite.create(10_000, 400);

    @Test
    void testTransitionsDrawnFromEachStateFollowTheTable() {
        TransitionTable table = TransitionTable.forMix("bidding");
        SessionWalker walker = new SessionWalker(table, SITE, SessionWalker.ORIGINAL_MAX_PAGES, 1);
        Map<Page,long[]> counts = new EnumMap<>(Page.class);
        SplittableRandom random = new SplittableRandom(5);
        for (int s = 0; s < 3000; s++) {
            for (Step step : walker.walk(random)) {
                if (step.drawn() >= 0) {
                    counts.computeIfAbsent(step.request().page(), p -> new long[TransitionTable.END + 1])[step.drawn()]++;
                }
            }
        }
        int tested = 0;
        for (Map.Entry<Page,long[]> entry : counts.entrySet()) {
            long total = java.util.Arrays.stream(entry.getValue()).sum();
            if (total < 2000) {
                continue; // too few visits for a meaningful test of this state
            }
            Page from = entry.getKey();
            double chi = ChiSquare.statistic(entry.getValue(), to -> table.effective(from, to), total);
            assertTrue(chi < ChiSquare.CRITICAL_99_9_DF28, from + ": chi-square " + chi + " over " + total);
            tested++;
        }
        assertTrue(tested >= 8, "only " + tested + " states were visited often enough");
    }

    @Test
    void testBiddingSessionsHaveTheDerivedLengthAndMix() {
        // docs/rubis.md, "What the walk gives": 51.4 pages per session; SearchItemsInCategory 16.9 %, ViewItem 16.3 %,
        // PutBid 7.2 %; writes 9.2 % of pages.
        Map<Page,Long> pages = pageCounts("bidding", 4000, 21);
        long total = pages.values().stream().mapToLong(Long::longValue).sum();
        assertEquals(51.4, total / 4000.0, 3.0, "pages per session");
        assertEquals(0.169, share(pages, total, Page.SEARCH_ITEMS_IN_CATEGORY), 0.012);
        assertEquals(0.163, share(pages, total, Page.VIEW_ITEM), 0.012);
        assertEquals(0.072, share(pages, total, Page.PUT_BID), 0.008);
        double writes = pages.entrySet().stream().filter(e -> e.getKey().writes()).mapToLong(Map.Entry::getValue)
                .sum() / (double) total;
        assertEquals(0.092, writes, 0.01, "share of write interactions");
    }

    @Test
    void testBrowsingSessionsAreLongAndReadOnly() {
        // docs/rubis.md, "What the walk gives": about 455 pages per session, ViewItem 35 %, SearchItemsInCategory 34 %.
        Map<Page,Long> pages = pageCounts("browsing", 600, 8);
        long total = pages.values().stream().mapToLong(Long::longValue).sum();
        assertEquals(455, total / 600.0, 35, "pages per session");
        assertEquals(0.35, share(pages, total, Page.VIEW_ITEM), 0.03);
        assertEquals(0.34, share(pages, total, Page.SEARCH_ITEMS_IN_CATEGORY), 0.03);
        assertTrue(pages.keySet().stream().noneMatch(Page::writes), "the browsing mix never writes: " + pages);
    }

    @Test
    void testAnEmptySearchPageIsFollowedByBackAsTheOriginalReactedToSorry() {
        // One auction per region and category: the second page of any search is empty.
        SessionWalker walker = new SessionWalker(TransitionTable.forMix("browsing"), SyntheticSite.create(1000, 1),
                SessionWalker.ORIGINAL_MAX_PAGES, 1);
        SplittableRandom random = new SplittableRandom(12);
        int sorry = 0;
        for (int s = 0; s < 200; s++) {
            List<Step> steps = walker.walk(random);
            for (int i = 0; i < steps.size() - 1; i++) {
                Step step = steps.get(i);
                if (step.request().shown().sorry()) {
                    sorry++;
                    assertEquals(-1, step.drawn(), "after Sorry the table is not followed");
                    assertTrue(step.request().uri().contains("page=") && !step.request().uri().contains("page=0"),
                            step.request().uri());
                    Page next = steps.get(i + 1).request().page();
                    // Search pages carry no Back: the history is empty, so Back lands on Home.
                    assertEquals(Page.HOME, next, "after " + step.request().uri());
                }
            }
        }
        assertTrue(sorry > 50, "too few empty pages met: " + sorry);
    }

    @Test
    void testCapAndThinkScaleBoundSessions() {
        SessionWalker walker = new SessionWalker(TransitionTable.forMix("browsing"), SITE, 30, 0.1);
        SplittableRandom random = new SplittableRandom(2);
        double thinkSum = 0;
        int thinks = 0;
        for (int s = 0; s < 200; s++) {
            List<Burst> session = walker.session(random);
            assertTrue(session.size() <= 30);
            assertEquals(0, session.get(session.size() - 1).thinkMillis(), "nothing follows the last page");
            for (int i = 0; i < session.size() - 1; i++) {
                thinkSum += session.get(i).thinkMillis();
                thinks++;
            }
        }
        // TPC-W's 7 s mean, scaled by 0.1.
        assertEquals(700, thinkSum / thinks, 40);
    }

    @Test
    void testRequestsNameOnlyRowsThatExist() {
        SessionWalker walker = new SessionWalker(TransitionTable.forMix("bidding"), SITE, 1000, 1);
        Set<Integer> items = new HashSet<>();
        SITE.openItems().forEach(item -> items.add(item.id()));
        Pattern itemId = Pattern.compile("[?&]itemId=(\\d+)");
        Pattern userId = Pattern.compile("[?&](?:userId|from|user)=(\\d+)");
        SplittableRandom random = new SplittableRandom(9);
        int checked = 0;
        for (int s = 0; s < 300; s++) {
            for (Burst burst : walker.session(random)) {
                Matcher m = itemId.matcher(burst.uri());
                if (m.find()) {
                    assertTrue(items.contains(Integer.valueOf(m.group(1))), burst.uri());
                    checked++;
                }
                Matcher u = userId.matcher(burst.uri());
                if (u.find()) {
                    int id = Integer.parseInt(u.group(1));
                    assertTrue(id >= 1 && id <= SITE.users(), burst.uri());
                }
                assertTrue(burst.uri().startsWith("/rubis/"), burst.uri());
            }
        }
        assertTrue(checked > 1000, "too few item requests checked: " + checked);
    }

    @Test
    void testSameSeedSameFilesAndAnotherSeedOtherFiles(@TempDir Path dir) throws Exception {
        SessionWalker walker = new SessionWalker(TransitionTable.forMix("bidding"), SITE, 200, 1);
        String mix = "RUBiS bidding mix";
        List<Path> first = SessionFiles.write(dir.resolve("a"), "bidding", walker::session, mix, 42, 2, 50);
        List<Path> again = SessionFiles.write(dir.resolve("b"), "bidding", walker::session, mix, 42, 2, 50);
        List<Path> other = SessionFiles.write(dir.resolve("c"), "bidding", walker::session, mix, 43, 2, 50);
        for (int i = 0; i < 2; i++) {
            assertEquals(Files.readString(first.get(i)), Files.readString(again.get(i)));
            assertNotEquals(Files.readString(first.get(i)), Files.readString(other.get(i)));
        }
        assertNotEquals(Files.readString(first.get(0)), Files.readString(first.get(1)),
                "each httperf process must get its own sessions");
        String text = Files.readString(first.get(0));
        assertEquals(50, text.split("\n\n", -1).length - 1, "one blank line after each session");
        assertTrue(text.contains(" think="), text.substring(0, 300));
        assertTrue(text.contains("\n    /rubis/RUBiS_logo.jpg\n"), "images go on indented lines");
    }

    private static Map<Page,Long> pageCounts(String mix, int sessions, long seed) {
        SessionWalker walker = new SessionWalker(TransitionTable.forMix(mix), SITE, SessionWalker.ORIGINAL_MAX_PAGES, 1);
        Map<Page,Long> counts = new EnumMap<>(Page.class);
        SplittableRandom random = new SplittableRandom(seed);
        for (int s = 0; s < sessions; s++) {
            for (Step step : walker.walk(random)) {
                counts.merge(step.request().page(), 1L, Long::sum);
            }
        }
        return counts;
    }

    private static double share(Map<Page,Long> counts, long total, Page page) {
        return counts.getOrDefault(page, 0L) / (double) total;
    }
}
