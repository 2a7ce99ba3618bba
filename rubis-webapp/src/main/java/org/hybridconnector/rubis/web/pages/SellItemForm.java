package org.hybridconnector.rubis.web.pages;

import org.hybridconnector.rubis.web.HtmlPage;
import org.hybridconnector.rubis.web.Parameters;
import org.hybridconnector.rubis.web.RubisServlet;

/** The form to put an item up for sale: {@code ?user=&category=}; posts to RegisterItem. */
public final class SellItemForm extends RubisServlet {

    private static final String FORM = PageFragments.SELL_ITEM_FORM;

    @Override
    protected String interaction() {
        return "SellItemForm";
    }

    @Override
    protected void respond(Parameters parameters, HtmlPage page) {
        int userId = parameters.requiredInt("user");
        int categoryId = parameters.requiredInt("category");
        page.title("RUBiS: Sell your item");
        page.html(FORM.replace("@HIDDEN@",
                "<input type=hidden name=userId value=" + userId + ">\n"
                        + "<input type=hidden name=categoryId value=" + categoryId + ">\n"));
    }
}
