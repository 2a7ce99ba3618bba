package org.hybridconnector.rubis;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import org.hybridconnector.rubis.data.ReferenceData;

/**
 * An emulated RUBiS client: walks the site along a transition table, taking every next request
 * from the links and forms of the page it just received (falling back, like the original
 * emulator, on ids seen earlier), with the original's Back stack, "Sorry" → Back rule and
 * End of Session → new session with a new random user.
 */
final class MarkovWalk {

    private static final String HOME = "Home";

    private final TestSite site;
    private final TransitionTable table;
    private final Random random;
    private final int users;

    private final Map<String, Integer> visits = new TreeMap<>();
    private final List<String> failures = new ArrayList<>();
    private final Deque<Step> backStack = new ArrayDeque<>();
    private int registrations;
    private int userId;
    private Integer lastItemId;
    private Integer lastUserId;

    /** A page state and the request that produced it. */
    private record Step(String state, URI uri) {
    }

    MarkovWalk(TestSite site, TransitionTable table, long seed, int users) {
        this.site = site;
        this.table = table;
        this.random = new Random(seed);
        this.users = users;
    }

    /** Sends {@code requests} requests; returns the visit count per state. */
    Map<String, Integer> run(int requests) throws IOException, InterruptedException {
        newSession();
        Step current = new Step(HOME, site.uri(TestSite.CONTEXT_PATH + "/index.html"));
        Reply page = fetch(current);
        for (int sent = 1; sent < requests; sent++) {
            String next = table.next(current.state(), random);
            if (page.body().contains("Sorry")) {
                next = "Back";
            }
            Step step;
            if (next.equals("EndOfSession")) {
                newSession();
                step = new Step(HOME, site.uri(TestSite.CONTEXT_PATH + "/index.html"));
            } else if (next.equals("Back")) {
                step = backStack.isEmpty() ? new Step(HOME, site.uri(TestSite.CONTEXT_PATH + "/index.html")) : backStack.pop();
            } else {
                String target = requestFor(next, page);
                if (target == null) {
                    // Nothing on the page leads there: as the original, start over from Home.
                    next = HOME;
                    target = TestSite.CONTEXT_PATH + "/index.html";
                }
                step = new Step(next, target.startsWith("/") ? site.uri(target) : page.uri().resolve(target));
                if (table.allowsBack(next)) {
                    backStack.push(current);
                } else {
                    backStack.clear();
                }
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
        backStack.clear();
    }

    private Reply fetch(Step step) throws IOException, InterruptedException {
        visits.merge(step.state(), 1, Integer::sum);
        Reply reply = site.get(step.uri());
        if (reply.status() != 200 || reply.isErrorPage()) {
            failures.add(step.state() + " " + reply + ": " + reply.body().replaceAll("(?s).*<h2>", "").replaceAll("(?s)</p>.*", ""));
        }
        lastItemId = PageScraper.itemIds(reply.body()).stream().reduce((a, b) -> b).orElse(lastItemId);
        lastUserId = PageScraper.firstUserId(reply.body()).orElse(lastUserId);
        return reply;
    }

    /** The request for {@code state} built from {@code page}, or null if the page offers none. */
    private String requestFor(String state, Reply page) {
        String body = page.body();
        String root = TestSite.CONTEXT_PATH + "/";
        return switch (state) {
            case HOME -> root + "index.html";
            case "Register" -> root + "register.html";
            case "Browse" -> root + "browse.html";
            case "Sell" -> root + "sell.html";
            case "AboutMe (auth form)" -> root + "about_me.html";
            case "RegisterUser" -> PageScraper.form(body, "RegisterUser").map(f -> f.query(newUser())).orElse(null);
            case "BrowseCategories" -> any(PageScraper.links(body, "servlets.BrowseCategories").stream()
                    .filter(l -> !l.contains("?")).toList());
            case "BrowseRegions" -> any(PageScraper.links(body, "servlets.BrowseRegions"));
            case "SearchItemsInCategory" -> search(body, "SearchItemsByCategory");
            case "BrowseCategoriesInRegion" -> any(PageScraper.links(body, "BrowseCategories?region="));
            case "SearchItemsInRegion" -> search(body, "SearchItemsByRegion");
            case "ViewItem" -> withItem(body, "ViewItem?itemId=");
            case "ViewUserInfo" -> PageScraper.firstUserId(body).or(() -> java.util.Optional.ofNullable(lastUserId))
                    .map(id -> TestSite.SERVLETS + "ViewUserInfo?userId=" + id).orElse(null);
            case "ViewBidHistory" -> withItem(body, "ViewBidHistory?itemId=");
            case "BuyNowAuth" -> withItem(body, "BuyNowAuth?itemId=");
            case "PutBidAuth" -> withItem(body, "PutBidAuth?itemId=");
            case "BuyNow" -> loginForm(body, "BuyNow");
            case "PutBid" -> loginForm(body, "PutBid");
            case "AboutMe" -> loginForm(body, "AboutMe");
            case "SelectCategoryToSellItem" -> loginForm(body, "BrowseCategories");
            case "StoreBuyBow" -> PageScraper.form(body, "StoreBuyNow").map(f -> {
                int maxQty = Integer.parseInt(f.hidden().get("maxQty"));
                return maxQty < 1 ? null : f.query(Map.of("qty", Integer.toString(1 + random.nextInt(maxQty))));
            }).orElse(null);
            case "StoreBid" -> PageScraper.form(body, "StoreBid").map(f -> {
                float minBid = Float.parseFloat(f.hidden().get("minBid"));
                int step = 1 + random.nextInt(10);
                int maxQty = Integer.parseInt(f.hidden().get("maxQty"));
                return f.query(Map.of("bid", Float.toString(minBid + step), "maxBid", Float.toString(minBid + 2 * step),
                        "qty", Integer.toString(1 + random.nextInt(Math.max(1, maxQty)))));
            }).orElse(null);
            case "PutCommentAuth" -> PageScraper.firstTo(body).flatMap(to -> PageScraper.itemIds(body).stream().findFirst()
                    .map(item -> TestSite.SERVLETS + "PutCommentAuth?to=" + to + "&itemId=" + item)).orElse(null);
            case "PutComment" -> PageScraper.form(body, "PutComment").map(f -> f.query(credentials()))
                    .orElseGet(() -> PageScraper.firstTo(body).flatMap(to -> PageScraper.itemIds(body).stream().findFirst()
                            .map(item -> TestSite.SERVLETS + "PutComment?to=" + to + "&itemId=" + item
                                    + "&nickname=user" + userId + "&password=password" + userId)).orElse(null));
            case "StoreComment" -> PageScraper.form(body, "StoreComment").map(f -> f.query(Map.of(
                    "rating", Integer.toString(new int[] {-5, -3, 0, 3, 5}[random.nextInt(5)]),
                    "comment", "Walk comment " + random.nextInt(1000) + ", thanks for the deal."))).orElse(null);
            case "SellItemForm" -> any(PageScraper.links(body, "SellItemForm?"));
            case "RegisterItem" -> PageScraper.form(body, "RegisterItem").map(f -> f.query(newItem())).orElse(null);
            default -> throw new IllegalArgumentException("no rule for state " + state);
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
