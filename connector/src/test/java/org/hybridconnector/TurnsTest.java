package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Whose the next request head is, as worker turns are queued, end and are dropped. */
class TurnsTest {

    private final Turns turns = new Turns();

    @Test
    void testANewConnectionsFirstHeadIsTheSelectors() {
        assertTrue(turns.headIsTheSelectors());
        assertFalse(turns.any());
    }

    @Test
    void testATurnDoneWithItsRequestHandsTheHeadBack() {
        turns.queued();
        assertFalse(turns.headIsTheSelectors());
        assertTrue(turns.any());
        assertTrue(turns.ended(true), "the last turn hands the connection back");
        assertTrue(turns.headIsTheSelectors());
        assertFalse(turns.any());
    }

    @Test
    void testOnlyTheLastOfTwoTurnsHandsTheHeadBack() {
        turns.queued();
        turns.queued();
        assertFalse(turns.ended(true), "a turn is still to run");
        assertFalse(turns.headIsTheSelectors());
        assertTrue(turns.any());
        assertTrue(turns.ended(true));
        assertTrue(turns.headIsTheSelectors());
    }

    /** The first turn's hand-back is still queued for the selector when the second is queued, and ends. */
    @Test
    void testAHandBackGoesStaleOnceATurnIsQueuedAfterIt() {
        turns.queued();
        turns.ended(true);
        turns.queued();
        assertFalse(turns.headIsTheSelectors());
        turns.ended(false); // an async request, say, that the second turn began
        assertFalse(turns.headIsTheSelectors(), "the first turn's hand-back still holds");
        assertFalse(turns.any());
    }

    @Test
    void testATurnThatLeavesARequestInProgressKeepsTheHead() {
        turns.queued();
        assertFalse(turns.ended(false));
        assertFalse(turns.headIsTheSelectors());
        assertFalse(turns.any());
        turns.queued();
        assertTrue(turns.ended(true));
        assertTrue(turns.headIsTheSelectors(), "the request's last turn");
    }

    @Test
    void testADroppedTurnIsNoLongerCounted() {
        turns.queued();
        turns.queued();
        turns.ended(false);
        turns.ended(true);
        assertTrue(turns.headIsTheSelectors());
    }
}
