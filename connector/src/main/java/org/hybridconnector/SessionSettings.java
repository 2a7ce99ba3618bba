package org.hybridconnector;

import org.hybridconnector.admission.SessionAdmission;
import org.hybridconnector.admission.SessionAdmission.NewSessionBy;
import org.hybridconnector.admission.SessionAdmission.TurnAway;

/**
 * The {@code sessions} policy's {@code server.xml} attributes as {@link HybridProtocol}'s setters
 * have gathered them so far; start-up builds the policy from the last (they may follow
 * {@code admissionPolicy} in the file).
 */
record SessionSettings(int targetMillis, TurnAway turnAway, NewSessionBy newSessionBy, String cookieName) {

    static final SessionSettings DEFAULTS = new SessionSettings(200, TurnAway.BACKLOG, NewSessionBy.CONNECTION,
            "JSESSIONID");

    SessionSettings withTargetMillis(int value) {
        return new SessionSettings(value, turnAway, newSessionBy, cookieName);
    }

    SessionSettings withTurnAway(TurnAway value) {
        return new SessionSettings(targetMillis, value, newSessionBy, cookieName);
    }

    SessionSettings withNewSessionBy(NewSessionBy value) {
        return new SessionSettings(targetMillis, turnAway, value, cookieName);
    }

    SessionSettings withCookieName(String value) {
        return new SessionSettings(targetMillis, turnAway, newSessionBy, value);
    }

    SessionAdmission build() {
        return new SessionAdmission(targetMillis, turnAway, newSessionBy, cookieName);
    }
}
