package org.hybridconnector.rubis.web.pages;

import java.sql.Connection;
import java.sql.SQLException;

import org.hybridconnector.rubis.db.Item;
import org.hybridconnector.rubis.db.Queries;
import org.hybridconnector.rubis.web.ErrorReply;
import org.hybridconnector.rubis.web.HtmlPage;
import org.hybridconnector.rubis.web.Parameters;
import org.hybridconnector.rubis.web.RubisServlet;

/** One auction: {@code ?itemId=}. Reads the items table only, as RUBiS 1.4 does (not old_items). */
public final class ViewItem extends RubisServlet {

    @Override
    protected String interaction() {
        return "ViewItem";
    }

    @Override
    protected void respond(Parameters parameters, HtmlPage page) throws SQLException {
        int itemId = parameters.requiredInt("itemId");
        try (Connection connection = connect()) {
            Item item = Queries.item(connection, itemId)
                    .orElseThrow(() -> ErrorReply.notFound("This item does not exist!"));
            String seller = ItemDetails.sellerNickname(connection, item);
            float price = ItemDetails.price(connection, item);
            page.title("RUBiS: Viewing " + item.name());
            ItemDetails.render(page, item, seller, price, item.nbOfBids(), true);
        }
    }
}
