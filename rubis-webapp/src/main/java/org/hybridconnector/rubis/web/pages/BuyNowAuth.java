package org.hybridconnector.rubis.web.pages;

import java.util.Map;

import org.hybridconnector.rubis.web.HtmlPage;
import org.hybridconnector.rubis.web.Parameters;
import org.hybridconnector.rubis.web.RubisServlet;

/** The log-in form in front of BuyNow: {@code ?itemId=}. No database work. */
public final class BuyNowAuth extends RubisServlet {

    @Override
    protected String interaction() {
        return "BuyNowAuth";
    }

    @Override
    protected void respond(Parameters parameters, HtmlPage page) {
        int itemId = parameters.requiredInt("itemId");
        page.title("RUBiS: User authentification for buying an item");
        LoginForm.render(page, "You must log in to buy this item", "BuyNow", Map.of("itemId", Integer.toString(itemId)));
    }
}
