package org.hybridconnector.rubis.web.pages;

import java.util.Map;

import org.hybridconnector.rubis.web.HtmlPage;
import org.hybridconnector.rubis.web.Parameters;
import org.hybridconnector.rubis.web.RubisServlet;

/** The log-in form in front of PutBid: {@code ?itemId=}. No database work. */
public final class PutBidAuth extends RubisServlet {

    @Override
    protected String interaction() {
        return "PutBidAuth";
    }

    @Override
    protected void respond(Parameters parameters, HtmlPage page) {
        int itemId = parameters.requiredInt("itemId");
        page.title("RUBiS: User authentification for bidding");
        LoginForm.render(page, "You must log in to bid on this item", "PutBid", Map.of("itemId", Integer.toString(itemId)));
    }
}
