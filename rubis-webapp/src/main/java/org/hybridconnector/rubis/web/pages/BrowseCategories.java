package org.hybridconnector.rubis.web.pages;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import org.hybridconnector.rubis.db.Queries;
import org.hybridconnector.rubis.web.ErrorReply;
import org.hybridconnector.rubis.web.HtmlPage;
import org.hybridconnector.rubis.web.Parameters;
import org.hybridconnector.rubis.web.RubisServlet;

/**
 * The list of categories, in three roles told apart by the parameters, as in the original:
 * plain (links search a category), {@code ?region=<name>} (links search a category within that
 * region), and {@code ?nickname=&password=} from the Sell page (links open the sell form).
 */
public final class BrowseCategories extends RubisServlet {

    @Override
    protected String interaction() {
        return "BrowseCategories";
    }

    @Override
    protected void respond(Parameters parameters, HtmlPage page) throws SQLException {
        page.title("RUBiS available categories");
        try (Connection connection = connect()) {
            if (parameters.has("nickname")) {
                int userId = Authentication.userId(connection, parameters);
                page.html("<h2>Currently available categories</h2><br>\n<h3>Select the category of the item you want to sell</h3>\n");
                listCategories(connection, page, (id, name) -> Links.to("SellItemForm") + "?category=" + id + "&user=" + userId);
            } else if (parameters.has("region")) {
                String regionName = parameters.requiredText("region");
                int regionId = Queries.regionId(connection, regionName)
                        .orElseThrow(() -> ErrorReply.notFound("Region '" + regionName + "' does not exist."));
                page.html("<h2>Currently available categories in region ").text(regionName).html("</h2><br>\n");
                listCategories(connection, page, (id, name) -> Links.to("SearchItemsByRegion") + "?category=" + id
                        + "&categoryName=" + Links.encoded(name) + "&region=" + regionId);
            } else {
                page.html("<h2>Currently available categories</h2><br>\n");
                listCategories(connection, page, (id, name) -> Links.to("SearchItemsByCategory") + "?category=" + id
                        + "&categoryName=" + Links.encoded(name));
            }
        }
    }

    /** Builds the link of one category. */
    @FunctionalInterface
    private interface CategoryLink {
        String of(int id, String name);
    }

    private static void listCategories(Connection connection, HtmlPage page, CategoryLink link) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT name, id FROM categories")) {
            boolean any = false;
            while (rows.next()) {
                any = true;
                String name = rows.getString("name");
                page.html("<a href=\"").html(link.of(rows.getInt("id"), name)).html("\">").text(name).html("</a><br>\n");
            }
            if (!any) {
                page.html("<h2>Sorry, but there is no category available at this time. Database table is empty</h2><br>\n");
            }
        }
    }
}
