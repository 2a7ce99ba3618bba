package org.hybridconnector.rubis.web.pages;

import org.hybridconnector.rubis.web.Html;

/**
 * Links between interactions. They are relative ("edu.rice.rubis.servlets.ViewItem?itemId=3"),
 * as the original printed most of them, and resolve against /servlet/ under any context path.
 * Parameters are joined with a bare '&', which is what emulators scrape for.
 */
final class Links {

    static final String PACKAGE = "edu.rice.rubis.servlets.";

    private Links() {
    }

    static String to(String interaction) {
        return PACKAGE + interaction;
    }

    static String viewItem(int itemId) {
        return to("ViewItem") + "?itemId=" + itemId;
    }

    static String viewUser(int userId) {
        return to("ViewUserInfo") + "?userId=" + userId;
    }

    static String viewBidHistory(int itemId) {
        return to("ViewBidHistory") + "?itemId=" + itemId;
    }

    static String putBidAuth(int itemId) {
        return to("PutBidAuth") + "?itemId=" + itemId;
    }

    static String buyNowAuth(int itemId) {
        return to("BuyNowAuth") + "?itemId=" + itemId;
    }

    static String putCommentAuth(int toUserId, int itemId) {
        return to("PutCommentAuth") + "?to=" + toUserId + "&itemId=" + itemId;
    }

    static String encoded(String value) {
        return Html.urlEncode(value);
    }
}
