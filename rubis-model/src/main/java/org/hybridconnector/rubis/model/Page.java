package org.hybridconnector.rubis.model;

/**
 * The 27 page states of the RUBiS client's Markov chain, in the order of the transition tables,
 * with the labels the tables use (the original's spelling, "StoreBuyBow" included).
 */
public enum Page {
    HOME("Home"),
    REGISTER("Register"),
    REGISTER_USER("RegisterUser"),
    BROWSE("Browse"),
    BROWSE_CATEGORIES("BrowseCategories"),
    SEARCH_ITEMS_IN_CATEGORY("SearchItemsInCategory"),
    BROWSE_REGIONS("BrowseRegions"),
    BROWSE_CATEGORIES_IN_REGION("BrowseCategoriesInRegion"),
    SEARCH_ITEMS_IN_REGION("SearchItemsInRegion"),
    VIEW_ITEM("ViewItem"),
    VIEW_USER_INFO("ViewUserInfo"),
    VIEW_BID_HISTORY("ViewBidHistory"),
    BUY_NOW_AUTH("BuyNowAuth"),
    BUY_NOW("BuyNow"),
    STORE_BUY_NOW("StoreBuyBow"),
    PUT_BID_AUTH("PutBidAuth"),
    PUT_BID("PutBid"),
    STORE_BID("StoreBid"),
    PUT_COMMENT_AUTH("PutCommentAuth"),
    PUT_COMMENT("PutComment"),
    STORE_COMMENT("StoreComment"),
    SELL("Sell"),
    SELECT_CATEGORY_TO_SELL_ITEM("SelectCategoryToSellItem"),
    SELL_ITEM_FORM("SellItemForm"),
    REGISTER_ITEM("RegisterItem"),
    ABOUT_ME_FORM("AboutMe (auth form)"),
    ABOUT_ME("AboutMe");

    public static final int COUNT = 27;

    private final String label;

    Page(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** Whether the page writes to the database. */
    public boolean writes() {
        return this == REGISTER_USER || this == STORE_BUY_NOW || this == STORE_BID || this == STORE_COMMENT ||
                this == REGISTER_ITEM;
    }
}
