package org.hybridconnector.rubis.web.pages;

import java.util.Map;

import org.hybridconnector.rubis.web.HtmlPage;

/** The nickname/password form that the *Auth interactions show before a protected step. */
final class LoginForm {

    private LoginForm() {
    }

    static void render(HtmlPage page, String heading, String action, Map<String, String> hidden) {
        page.html("<p><center><h2>").text(heading).html("</h2></center></p>\n")
                .html("<form action=\"").html(Links.to(action)).html("\" method=POST>\n");
        for (Map.Entry<String, String> field : hidden.entrySet()) {
            page.hiddenField(field.getKey(), field.getValue());
        }
        page.html("<center><table>\n")
                .html("<tr><td>Your nick name :</td><td><input type=text size=20 name=nickname></td></tr>\n")
                .html("<tr><td>Your password :</td><td><input type=password size=20 name=password></td></tr>\n")
                .html("</table><p><input type=submit value=\"Log In!\"></center>\n</form>\n");
    }
}
