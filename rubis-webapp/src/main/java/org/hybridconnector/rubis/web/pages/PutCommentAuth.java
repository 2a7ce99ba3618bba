package org.hybridconnector.rubis.web.pages;

import java.util.LinkedHashMap;
import java.util.Map;

import org.hybridconnector.rubis.web.HtmlPage;
import org.hybridconnector.rubis.web.Parameters;
import org.hybridconnector.rubis.web.RubisServlet;

/** The log-in form in front of PutComment: {@code ?to=&itemId=}. No database work. */
public final class PutCommentAuth extends RubisServlet {

    @Override
    protected String interaction() {
        return "PutCommentAuth";
    }

    @Override
    protected void respond(Parameters parameters, HtmlPage page) {
        Map<String, String> hidden = new LinkedHashMap<>();
        hidden.put("to", Integer.toString(parameters.requiredInt("to")));
        hidden.put("itemId", Integer.toString(parameters.requiredInt("itemId")));
        page.title("RUBiS: User authentification for comment");
        LoginForm.render(page, "You must log in to leave a comment", "PutComment", hidden);
    }
}
