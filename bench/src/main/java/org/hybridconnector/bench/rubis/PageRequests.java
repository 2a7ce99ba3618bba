package org.hybridconnector.bench.rubis;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

import org.hybridconnector.bench.rubis.SiteData.Item;
import org.hybridconnector.bench.rubis.SiteData.Named;
import org.hybridconnector.rubis.model.Page;

/**
 * Builds the request a RUBiS client sends for a page state, with parameters chosen as the
 * original emulator chose them (docs/rubis.md, "Request parameters"), except that
 * ids the original scraped from the previous reply are taken from the database figures instead:
 * httperf replays sessions without reading replies, so every id must be known in advance to exist.
 * <p>
 * Deviations, all so that requests name real rows: category and region ids are drawn from the
 * database (the original's 0-based draws named a non-existent category 0 one time in 20), and
 * writes carry the session user's own id (the original sent the id of its neighbour).
 */
final class PageRequests {

    static final String CONTEXT = "/rubis";
    static final String SERVLETS = CONTEXT + "/servlet/edu.rice.rubis.servlets.";
    static final String LOGO = CONTEXT + "/RUBiS_logo.jpg";
    static final String BID_NOW = CONTEXT + "/bid_now.jpg";
    static final String BUY_IT_NOW = CONTEXT + "/buy_it_now.jpg";
    /** {@code workload_number_of_items_per_page} in every shipped properties file. */
    static final int ITEMS_PER_PAGE = 20;
    private static final int[] RATINGS = { -5, -3, 0, 3, 5 };
    private static final String COMMENT_TEXT = "This is a very good item and the seller answered quickly; "
            + "I would buy from this seller again without any doubt.";

    private final SiteData site;
    private final Map<Integer,List<Item>> byCategory = new HashMap<>();
    private final Map<Long,List<Item>> byRegionAndCategory = new HashMap<>();

    PageRequests(SiteData site) {
        this.site = site;
        for (Item item : site.openItems()) {
            byCategory.computeIfAbsent(item.category(), k -> new ArrayList<>()).add(item);
            byRegionAndCategory.computeIfAbsent(regionCategory(item.sellerRegion(), item.category()),
                    k -> new ArrayList<>()).add(item);
        }
    }

    private static long regionCategory(int region, int category) {
        return ((long) region << 32) | category;
    }

    /** What a generated page shows that the next page's parameters depend on. */
    record Shown(List<Item> items, Integer sellerOrUser, boolean sorry, int searchPage, boolean hasPrevious) {
        static final Shown NOTHING = new Shown(List.of(), null, false, -1, false);
    }

    /** One request and what its reply would show. */
    record Request(Page page, String uri, List<String> images, Shown shown) {
    }

    /**
     * The request for {@code page} by user {@code uid} (0-based, as the original), after a page
     * that showed {@code previous}; {@code lastItem} is the last item the session saw, or null.
     */
    Request build(Page page, int uid, Shown previous, Item lastItem, RandomGenerator random) {
        String nick = "user" + (uid + 1);
        String password = "password" + (uid + 1);
        int userId = uid + 1;
        List<String> images = new ArrayList<>(List.of(LOGO));
        return switch (page) {
            case HOME -> html(page, "index.html");
            case REGISTER -> html(page, "register.html");
            case BROWSE -> html(page, "browse.html");
            case SELL -> html(page, "sell.html");
            case ABOUT_ME_FORM -> html(page, "about_me.html");
            case REGISTER_USER -> {
                int i = site.users() + 1 + random.nextInt(1_000_000);
                Named region = site.regions().get(i % site.regions().size());
                yield servlet(page, "RegisterUser", images, Shown.NOTHING, "firstname", "Great" + i, "lastname",
                        "User" + i, "nickname", "user" + i, "email", "Great" + i + ".User" + i + "@rubis.com",
                        "password", "password" + i, "region", region.name());
            }
            case BROWSE_CATEGORIES -> servlet(page, "BrowseCategories", images, Shown.NOTHING);
            case BROWSE_REGIONS -> servlet(page, "BrowseRegions", images, Shown.NOTHING);
            case BROWSE_CATEGORIES_IN_REGION -> servlet(page, "BrowseCategories", images, Shown.NOTHING, "region",
                    pick(site.regions(), random).name());
            case SEARCH_ITEMS_IN_CATEGORY -> {
                Named category = pick(site.categories(), random);
                int p = nextSearchPage(page, previous, random);
                List<Item> rows = slice(byCategory.getOrDefault(category.id(), List.of()), p);
                rows.forEach(row -> images.add(BID_NOW));
                yield servlet(page, "SearchItemsByCategory", images, new Shown(rows, null, rows.isEmpty(), p, p > 0),
                        "category", category.id(), "categoryName", category.name(), "page", p, "nbOfItems",
                        ITEMS_PER_PAGE);
            }
            case SEARCH_ITEMS_IN_REGION -> {
                Named region = pick(site.regions(), random);
                Named category = pick(site.categories(), random);
                int p = nextSearchPage(page, previous, random);
                List<Item> rows = slice(byRegionAndCategory.getOrDefault(regionCategory(region.id(), category.id()),
                        List.of()), p);
                rows.forEach(row -> images.add(BID_NOW));
                yield servlet(page, "SearchItemsByRegion", images, new Shown(rows, null, rows.isEmpty(), p, p > 0),
                        "region", region.id(), "category", category.id(), "categoryName", category.name(), "page", p,
                        "nbOfItems", ITEMS_PER_PAGE);
            }
            case VIEW_ITEM -> {
                Item item = itemFrom(previous, lastItem, random);
                images.add(BID_NOW);
                if (item.buyNow()) {
                    images.add(BUY_IT_NOW);
                }
                yield servlet(page, "ViewItem", images, shown(item), "itemId", item.id());
            }
            case VIEW_USER_INFO -> {
                int user = previous.sellerOrUser() != null ? previous.sellerOrUser().intValue()
                        : lastItem != null ? lastItem.seller() : 1 + random.nextInt(site.users());
                yield servlet(page, "ViewUserInfo", images, new Shown(List.of(), user, false, -1, false), "userId",
                        user);
            }
            case VIEW_BID_HISTORY -> {
                Item item = itemFrom(previous, lastItem, random);
                yield servlet(page, "ViewBidHistory", images, shown(item), "itemId", item.id());
            }
            case BUY_NOW_AUTH -> {
                Item item = itemFrom(previous, lastItem, random);
                yield servlet(page, "BuyNowAuth", images, shown(item), "itemId", item.id());
            }
            case BUY_NOW -> {
                Item item = itemFrom(previous, lastItem, random);
                yield servlet(page, "BuyNow", images, shown(item), "itemId", item.id(), "nickname", nick,
                        "password", password);
            }
            case STORE_BUY_NOW -> {
                Item item = itemFrom(previous, lastItem, random);
                int maxQty = Math.max(1, item.quantity());
                yield servlet(page, "StoreBuyNow", images, shown(item), "itemId", item.id(), "userId", userId, "qty",
                        1 + random.nextInt(maxQty), "maxQty", maxQty);
            }
            case PUT_BID_AUTH -> {
                Item item = itemFrom(previous, lastItem, random);
                yield servlet(page, "PutBidAuth", images, shown(item), "itemId", item.id());
            }
            case PUT_BID -> {
                Item item = itemFrom(previous, lastItem, random);
                yield servlet(page, "PutBid", images, shown(item), "itemId", item.id(), "nickname", nick, "password",
                        password);
            }
            case STORE_BID -> {
                Item item = itemFrom(previous, lastItem, random);
                int maxQty = Math.max(1, item.quantity());
                long minBid = (long) Math.floor(item.price()) + 1;
                int a = 1 + random.nextInt(10);
                yield servlet(page, "StoreBid", images, shown(item), "itemId", item.id(), "userId", userId, "minBid",
                        minBid, "maxQty", maxQty, "bid", minBid + a, "maxBid", minBid + 2L * a, "qty",
                        1 + random.nextInt(maxQty));
            }
            case PUT_COMMENT_AUTH -> {
                Item item = itemFrom(previous, lastItem, random);
                yield servlet(page, "PutCommentAuth", images, shown(item), "itemId", item.id(), "to", item.seller());
            }
            case PUT_COMMENT -> {
                Item item = itemFrom(previous, lastItem, random);
                yield servlet(page, "PutComment", images, shown(item), "itemId", item.id(), "to", item.seller(),
                        "nickname", nick, "password", password);
            }
            case STORE_COMMENT -> {
                Item item = itemFrom(previous, lastItem, random);
                String text = COMMENT_TEXT.substring(0, 1 + random.nextInt(COMMENT_TEXT.length()));
                yield servlet(page, "StoreComment", images, shown(item), "itemId", item.id(), "to", item.seller(),
                        "from", userId, "rating", RATINGS[random.nextInt(RATINGS.length)], "comment", text);
            }
            case SELECT_CATEGORY_TO_SELL_ITEM -> servlet(page, "BrowseCategories", images, Shown.NOTHING, "nickname",
                    nick, "password", password);
            case SELL_ITEM_FORM -> servlet(page, "SellItemForm", images, Shown.NOTHING, "user", userId, "category",
                    pick(site.categories(), random).id());
            case REGISTER_ITEM -> {
                int i = site.openItems().size() + 1 + random.nextInt(1_000_000);
                int initial = 1 + random.nextInt(5000);
                int reserve = random.nextInt(100) < 40 ? initial + random.nextInt(1000) : 0;
                int buyNow = random.nextInt(100) < 10 ? initial + reserve + random.nextInt(1000) : 0;
                int quantity = random.nextInt(100) < 80 ? 1 : 1 + random.nextInt(10);
                yield servlet(page, "RegisterItem", images, Shown.NOTHING, "name",
                        "RUBiS automatically generated item #" + i, "description", "No description.",
                        "initialPrice", initial, "reservePrice", reserve, "buyNow", buyNow, "duration",
                        1 + random.nextInt(7), "quantity", quantity, "userId", userId, "categoryId",
                        pick(site.categories(), random).id());
            }
            case ABOUT_ME -> servlet(page, "AboutMe", images, Shown.NOTHING, "nickname", nick, "password", password);
        };
    }

    /**
     * The original follows the previous search page's "Next page"/"Previous page" links (one at
     * random if both); a Next link is printed on every non-empty page. Without such links: page 0.
     */
    private static int nextSearchPage(Page page, Shown previous, RandomGenerator random) {
        if (previous.searchPage() < 0 || previous.sorry()) {
            return 0;
        }
        if (previous.hasPrevious() && random.nextBoolean()) {
            return previous.searchPage() - 1;
        }
        return previous.searchPage() + 1;
    }

    private static List<Item> slice(List<Item> items, int page) {
        int from = Math.min(items.size(), page * ITEMS_PER_PAGE);
        int to = Math.min(items.size(), from + ITEMS_PER_PAGE);
        return List.copyOf(items.subList(from, to));
    }

    /** The original picks one of the previous reply's item links; else the last item seen. */
    private Item itemFrom(Shown previous, Item lastItem, RandomGenerator random) {
        if (!previous.items().isEmpty()) {
            return pick(previous.items(), random);
        }
        if (lastItem != null) {
            return lastItem;
        }
        // The original would go Back here; with no page to go back to, any open auction.
        return pick(site.openItems(), random);
    }

    private static Shown shown(Item item) {
        return new Shown(List.of(item), item.seller(), false, -1, false);
    }

    private static <T> T pick(List<T> list, RandomGenerator random) {
        return list.get(random.nextInt(list.size()));
    }

    private static Request html(Page page, String file) {
        return new Request(page, CONTEXT + "/" + file, List.of(LOGO), Shown.NOTHING);
    }

    private static Request servlet(Page page, String servlet, List<String> images, Shown shown, Object... params) {
        StringBuilder uri = new StringBuilder(SERVLETS).append(servlet);
        for (int i = 0; i < params.length; i += 2) {
            uri.append(i == 0 ? '?' : '&').append(params[i]).append('=')
                    .append(URLEncoder.encode(String.valueOf(params[i + 1]), StandardCharsets.UTF_8));
        }
        return new Request(page, uri.toString(), images, shown);
    }
}
