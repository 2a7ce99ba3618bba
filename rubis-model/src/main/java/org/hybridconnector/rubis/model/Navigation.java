package org.hybridconnector.rubis.model;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The rules of one RUBiS session's walk that do not depend on how a page is requested
 * (docs/rubis.md, "The walk"): after each page the table draws the next state, except that a page
 * that answered "Sorry" is always followed by Back; Back re-requests the page on top of a history
 * stack; entering a state that can be left by Back pushes the page left behind, entering any other
 * state clears the history.
 * <p>
 * The caller builds the requests and decides what a session's start, End of Session and a Back
 * with nothing to go back to lead to (the original: Home).
 *
 * @param <R> what the caller keeps of a page to request it again
 */
public final class Navigation<R> {

    private final TransitionTable table;
    private final Deque<R> history = new ArrayDeque<>();

    public Navigation(TransitionTable table) {
        this.table = table;
    }

    /**
     * The state after page {@code from}: the table's draw for {@code u}, uniform in [0, 1), or
     * {@link TransitionTable#BACK} if the page said "Sorry". The caller draws {@code u} in both
     * cases, as the original did, so the random stream does not depend on the replies.
     */
    public int next(Page from, boolean sorry, double u) {
        int drawn = table.next(from, u);
        return sorry ? TransitionTable.BACK : drawn;
    }

    /** The page Back returns to, taken off the history; null if the history is empty. */
    public R back() {
        return history.poll();
    }

    /** Records a move into {@code to} from the page {@code left}. */
    public void enter(Page to, R left) {
        if (table.hasBack(to)) {
            history.push(left);
        } else {
            history.clear();
        }
    }

    /** Forgets the history, as a new session does. */
    public void restart() {
        history.clear();
    }
}
