package org.hybridconnector.bench.rubis;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

import org.hybridconnector.bench.rubis.PageRequests.Request;
import org.hybridconnector.bench.rubis.PageRequests.Shown;
import org.hybridconnector.bench.rubis.SiteData.Item;
import org.hybridconnector.bench.wsesslog.Burst;
import org.hybridconnector.rubis.model.Navigation;
import org.hybridconnector.rubis.model.Page;
import org.hybridconnector.rubis.model.ThinkTime;
import org.hybridconnector.rubis.model.TransitionTable;

/**
 * One emulated RUBiS user's session, walked as the original client walked it (docs/rubis.md,
 * "The walk", by {@link Navigation}'s rules): a random user starts at Home; after each page the
 * next state is drawn from the transition table by the cumulative rule; Back re-requests the page
 * on top of the history stack; End of Session, or the transition cap, ends it. A page that would
 * answer "Sorry" (an empty search page: the database figures tell) is followed by Back, as the
 * original reacted to that word. Think times follow TPC-W, optionally scaled for short runs.
 */
public final class SessionWalker {

    /** {@code workload_maximum_number_of_transitions} of the original. */
    public static final int ORIGINAL_MAX_PAGES = 1000;

    private final TransitionTable table;
    private final SiteData site;
    private final PageRequests requests;
    private final int maxPages;
    private final double thinkScale;

    /**
     * @param maxPages pages after which a session ends (the original: 1000)
     * @param thinkScale factor on every think time (1: the original's)
     */
    public SessionWalker(TransitionTable table, SiteData site, int maxPages, double thinkScale) {
        if (maxPages < 1 || thinkScale < 0) {
            throw new IllegalArgumentException("maxPages must be at least 1 and thinkScale not negative");
        }
        this.table = table;
        this.site = site;
        this.requests = new PageRequests(site);
        this.maxPages = maxPages;
        this.thinkScale = thinkScale;
    }

    /** A page of a walked session, with the state the table drew to reach the next one. */
    public record Step(Request request, int drawn) {
    }

    /** One session's pages, each with the think time before the next page. */
    public List<Burst> session(RandomGenerator random) {
        List<Burst> bursts = new ArrayList<>();
        for (Step step : walk(random)) {
            Request request = step.request();
            bursts.add(new Burst(request.page().label(), request.uri(), request.images(), 0));
        }
        // Think times are drawn afterwards in session order, one per transition taken.
        for (int i = 0; i < bursts.size() - 1; i++) {
            bursts.set(i, bursts.get(i).withThink(Math.round(ThinkTime.tpcwMillis(random) * thinkScale)));
        }
        return bursts;
    }

    /**
     * The pages of one session and, for each, what the table drew after it: a page index,
     * {@link TransitionTable#BACK} or {@link TransitionTable#END} ({@code -1} where the cap or a
     * "Sorry" decided instead of the table).
     */
    public List<Step> walk(RandomGenerator random) {
        int uid = random.nextInt(site.users());
        Navigation<Request> navigation = new Navigation<>(table);
        List<Step> steps = new ArrayList<>();
        Request current = requests.build(Page.HOME, uid, Shown.NOTHING, null, random);
        Item lastItem = null;
        while (true) {
            if (current.shown().items().size() == 1) {
                lastItem = current.shown().items().get(0);
            }
            if (steps.size() + 1 >= maxPages) {
                steps.add(new Step(current, -1));
                return steps;
            }
            int next = navigation.next(current.page(), current.shown().sorry(), random.nextDouble());
            steps.add(new Step(current, current.shown().sorry() ? -1 : next));
            if (next == TransitionTable.END) {
                return steps;
            }
            if (next == TransitionTable.BACK) {
                Request previous = navigation.back();
                current = previous != null ? previous
                        : requests.build(Page.HOME, uid, Shown.NOTHING, lastItem, random);
                continue;
            }
            Page to = Page.values()[next];
            navigation.enter(to, current);
            current = requests.build(to, uid, current.shown(), lastItem, random);
        }
    }
}
