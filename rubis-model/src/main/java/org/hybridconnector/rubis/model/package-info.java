/**
 * How an emulated RUBiS user moves through the auction site: the 27 page states ({@link
 * org.hybridconnector.rubis.model.Page}), the browsing and bidding transition tables and the
 * original client's draw ({@link org.hybridconnector.rubis.model.TransitionTable}), the walk's
 * Back and "Sorry" rules ({@link org.hybridconnector.rubis.model.Navigation}) and TPC-W think
 * times ({@link org.hybridconnector.rubis.model.ThinkTime}). Nothing here sends a request: the
 * site's tests walk a running site with it, and bench writes httperf sessions with it.
 * docs/rubis.md, "The client model", describes the model.
 * <p>
 * The classes keep no shared state; a {@code Navigation} belongs to one session and one thread.
 */
package org.hybridconnector.rubis.model;
