package org.hybridconnector.rubis.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class NavigationTest {

    private final TransitionTable bidding = TransitionTable.forMix("bidding");

    @Test
    void testSorryIsFollowedByBackWhateverTheDraw() {
        Navigation<String> navigation = new Navigation<>(bidding);
        for (double u = 0; u < 1; u += 0.01) {
            assertEquals(TransitionTable.BACK, navigation.next(Page.SEARCH_ITEMS_IN_CATEGORY, true, u));
            assertEquals(bidding.next(Page.SEARCH_ITEMS_IN_CATEGORY, u),
                    navigation.next(Page.SEARCH_ITEMS_IN_CATEGORY, false, u));
        }
    }

    @Test
    void testOnlyStatesWithBackKeepTheHistory() {
        Navigation<String> navigation = new Navigation<>(bidding);
        navigation.enter(Page.VIEW_ITEM, "search page");
        navigation.enter(Page.VIEW_USER_INFO, "item 3");
        assertEquals("item 3", navigation.back());
        assertEquals("search page", navigation.back());
        assertNull(navigation.back(), "an empty history: the caller goes Home");

        navigation.enter(Page.VIEW_ITEM, "search page");
        navigation.enter(Page.PUT_BID_AUTH, "item 3");
        assertNull(navigation.back(), "a state without Back clears the history");

        navigation.enter(Page.VIEW_ITEM, "search page");
        navigation.restart();
        assertNull(navigation.back(), "a new session starts without history");
    }
}
