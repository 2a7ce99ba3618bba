package org.hybridconnector.rubis;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;

import org.hybridconnector.rubis.data.ReferenceData;
import org.hybridconnector.rubis.model.Navigation;
import org.hybridconnector.rubis.model.Page;
import org.hybridconnector.rubis.model.TransitionTable;

/**
 * An emulated RUBiS client: walks the site along a transition table, taking every next request
 * from the links and forms of the page it just received (falling back, like the original
 * emulator, on ids seen earlier), with the original's Back stack and "Sorry" → Back rule
 * ({@link Navigation}) and End of Session → new session with a new random user.
 */
final class MarkovWalk {

    private final TestSite site;
    private final Navigation<Step> navigation;
    private final Random random;
    private final int users;

    /** Visits per state, by the table's label of the state. */
    private final Map<String, Integer> visits = new TreeMap<>();
    private final List<String> failures = new ArrayList<>();
    private int registrations;
    private int userId;
    private Integer lastItemId;
    private Integer lastUserId;

    /** A page state and the request that produced it. */
    private record Step(Page state, URI uri) {
    }

    MarkovWalk(TestSite site, TransitionTable table, long seed, int users) {
        this.site = site;
        this.navigation = new Navigation<>(table);
        this.random = new Random(seed);
        this.users = users;
    }

    /** Sends {@code requests} requests; returns the visit count per state. */
    Map<String, Integer> run(int requests) throws IOException, InterruptedException {
        newSession();
        Step current = home();
        Reply page = fetch(current);
        for (int sent = 1; sent < requests; sent++) {
            int next = navigation.next(current.state(), page.body().contains("Sorry"), random.nextFloat());
            Step step;
            if (next == TransitionTable.END) {
                newSession();
                step = home();
            } else if (next == TransitionTable.BACK) {
                step = Optional.ofNullable(navigation.back()).orElseGet(this::home);
            } else {
                Page state = Page.values()[next];
                String target = requestFor(state, page);
                if (target == null) {
                    // Nothing on the page leads there: as the original, start over from Home.
                    state = Page.HOME;
                    target = TestSite.CONTEXT_PATH + "/index.html";
                }
                step = new Step(state, target.startsWith("/") ? site.uri(target) : page.uri().resolve(target));
                navigation.enter(state, current);
            }
            current = step;
            page = fetch(current);
        }
        return visits;
    }

    List<String> failures() {
        return failures;
    }

    private void newSession() {
        userId = 1 + random.nextInt(users);
        navigation.restart();
    }

    private Step home() {
        return new Step(Page.HOME, site.uri(TestSite.CONTEXT_PATH + "/index.html"));
    }

    private Reply fetch(Step step) throws IOException, InterruptedException {
        visits.merge(step.state().label(), 1, Integer::sum);
        Reply reply = site.get(step.uri());
        if (reply.status() != 200 || reply.isErrorPage()) {
            failures.add(step.state().label() + " " + reply + ": " + reply.body().replaceAll("(?s).*<h2>", "").replaceAll("(?s)</p>.*", ""));
        }
        lastItemId = PageScraper.itemIds(reply.body()).stream().reduce((a, b) -> b).orElse(lastItemId);
        lastUserId = PageScraper.firstUserId(reply.body()).orElse(lastUserId);
        return reply;
    }

    /** The request for {@code state} built from {@code page}, or null if the page offers none. */
    private String requestFor(Page state, Reply page) {
        String body = page.body();
        String root = TestSite.CONTEXT_PATH + "/";
        return switch (state) {
            case HOME -> root + "index.html";
            case REGISTER -> root + "register.html";
            case BROWSE -> root + "browse.html";
            case SELL -> root + "sell.html";
            case ABOUT_ME_FORM -> root + "about_me.html";
            case REGISTER_USER -> PageScraper.form(body, "RegisterUser").map(f -> f.query(newUser())).orElse(null);
            case BROWSE_CATEGORIES -> any(PageScraper.links(body, "servlets.BrowseCategories").stream()
                    .filter(l -> !l.contains("?")).toList());
            case BROWSE_REGIONS -> any(PageScraper.links(body, "servlets.BrowseRegions"));
            case SEARCH_ITEMS_IN_CATEGORY -> search(body, "SearchItemsByCategory");
            case BROWSE_CATEGORIES_IN_REGION -> any(PageScraper.links(body, "BrowseCategories?region="));
            case SEARCH_ITEMS_IN_REGION -> search(body, "SearchItemsByRegion");
            case VIEW_ITEM -> withItem(body, "ViewItem?itemId=");
            case VIEW_USER_INFO -> PageScraper.firstUserId(body).or(() -> Optional.ofNullable(lastUserId))
                    .map(id -> TestSite.SERVLETS + "ViewUserInfo?userId=" + id).orElse(null);
            case VIEW_BID_HISTORY -> withItem(body, "ViewBidHistory?itemId=");
            case BUY_NOW_AUTH -> withItem(body, "BuyNowAuth?itemId=");
            case PUT_BID_AUTH -> withItem(body, "PutBidAuth?itemId=");
            case BUY_NOW -> loginForm(body, "BuyNow");
            case PUT_BID -> loginForm(body, "PutBid");
            case ABOUT_ME -> loginForm(body, "AboutMe");
            case SELECT_CATEGORY_TO_SELL_ITEM -> loginForm(body, "BrowseCategories");
            case STORE_BUY_NOW -> PageScraper.form(body, "StoreBuyNow").map(f -> {
                int maxQty = Integer.parseInt(f.hidden().get("maxQty"));
                return maxQty < 1 ? null : f.query(Map.of("qty", Integer.toString(1 + random.nextInt(maxQty))));
            }).orElse(null);
            case STORE_BID -> PageScraper.form(body, "StoreBid").map(f -> {
                float minBid = Float.parseFloat(f.hidden().get("minBid"));
                int step = 1 + random.nextInt(10);
                int maxQty = Integer.parseInt(f.hidden().get("maxQty"));
                return f.query(Map.of("bid", Float.toString(minBid + step), "maxBid", Float.toString(minBid + 2 * step),
                        "qty", Integer.toString(1 + random.nextInt(Math.max(1, maxQty)))));
            }).orElse(null);
            case PUT_COMMENT_AUTH -> PageScraper.firstTo(body).flatMap(to -> PageScraper.itemIds(body).stream().findFirst()
                    .map(item -> TestSite.SERVLETS + "PutCommentAuth?to=" + to + "&itemId=" + item)).orElse(null);
            case PUT_COMMENT -> PageScraper.form(body, "PutComment").map(f -> f.query(credentials()))
                    .orElseGet(() -> PageScraper.firstTo(body).flatMap(to -> PageScraper.itemIds(body).stream().findFirst()
                            .map(item -> TestSite.SERVLETS + "PutComment?to=" + to + "&itemId=" + item
                                    + "&nickname=user" + userId + "&password=password" + userId)).orElse(null));
            case STORE_COMMENT -> PageScraper.form(body, "StoreComment").map(f -> f.query(Map.of(
                    "rating", Integer.toString(new int[] {-5, -3, 0, 3, 5}[random.nextInt(5)]),
                    "comment", "Walk comment " + random.nextInt(1000) + ", thanks for the deal."))).orElse(null);
            case SELL_ITEM_FORM -> any(PageScraper.links(body, "SellItemForm?"));
            case REGISTER_ITEM -> PageScraper.form(body, "RegisterItem").map(f -> f.query(newItem())).orElse(null);
        };
    }

    private String search(String body, String interaction) {
        List<String> paging = PageScraper.links(body, interaction + "?").stream().filter(l -> l.contains("&page=")).toList();
        if (!paging.isEmpty()) {
            return any(paging);
        }
        return any(PageScraper.links(body, interaction + "?"));
    }

    private String withItem(String body, String request) {
        List<Integer> ids = PageScraper.itemIds(body);
        Integer id = ids.isEmpty() ? lastItemId : ids.get(random.nextInt(ids.size()));
        return id == null ? null : TestSite.SERVLETS + request + id;
    }

    private String loginForm(String body, String action) {
        return PageScraper.form(body, action).map(f -> f.query(credentials())).orElse(null);
    }

    private Map<String, String> credentials() {
        return Map.of("nickname", "user" + userId, "password", "password" + userId);
    }

    private Map<String, String> newUser() {
        int n = ++registrations;
        String nick = "walker" + n + "x" + random.nextInt(100_000);
        List<String> regions = ReferenceData.regions();
        return Map.of("firstname", "Walk" + n, "lastname", "Er" + n, "nickname", nick,
                "email", nick + "@rubis.com", "password", "pw" + n, "region", regions.get(random.nextInt(regions.size())));
    }

    private Map<String, String> newItem() {
        int initial = 1 + random.nextInt(5000);
        return Map.of("name", "RUBiS walk item #" + random.nextInt(1_000_000),
                "description", "Put up for sale by the bidding walk.",
                "initialPrice", Integer.toString(initial),
                "reservePrice", random.nextInt(10) < 4 ? Integer.toString(initial + random.nextInt(1000)) : "",
                "buyNow", random.nextInt(10) < 1 ? Integer.toString(initial + 1000 + random.nextInt(1000)) : "",
                "duration", Integer.toString(1 + random.nextInt(7)),
                "quantity", Integer.toString(1 + random.nextInt(10)));
    }

    private String any(List<String> links) {
        return links.isEmpty() ? null : links.get(random.nextInt(links.size()));
    }
}
