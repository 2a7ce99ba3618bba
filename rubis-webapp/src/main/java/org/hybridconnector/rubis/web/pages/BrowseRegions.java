package org.hybridconnector.rubis.web.pages;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import org.hybridconnector.rubis.web.HtmlPage;
import org.hybridconnector.rubis.web.Parameters;
import org.hybridconnector.rubis.web.RubisServlet;

/** The list of regions; each links to the categories of that region, by region name. */
public final class BrowseRegions extends RubisServlet {

    @Override
    protected String interaction() {
        return "BrowseRegions";
    }

    @Override
    protected void respond(Parameters parameters, HtmlPage page) throws SQLException {
        page.title("RUBiS: Available regions");
        try (Connection connection = connect();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT name, id FROM regions")) {
            page.html("<h2>Currently available regions</h2><br>\n");
            boolean any = false;
            while (rows.next()) {
                any = true;
                String name = rows.getString("name");
                page.html("<a href=\"").html(Links.to("BrowseCategories")).html("?region=").html(Links.encoded(name))
                        .html("\">").text(name).html("</a><br>\n");
            }
            if (!any) {
                page.html("<h2>Sorry, but there is no region available at this time. Database table is empty</h2><br>\n");
            }
        }
    }
}
