package org.hybridconnector.rubis.web.pages;

import java.sql.PreparedStatement;
import java.sql.SQLException;

import org.hybridconnector.rubis.web.Parameters;

/**
 * Open auctions of one category whose seller lives in one region:
 * {@code ?region=&category=&categoryName=&page=&nbOfItems=}. The join with users on the
 * seller makes this the most expensive search.
 */
public final class SearchItemsByRegion extends ItemSearch {

    @Override
    protected String interaction() {
        return "SearchItemsByRegion";
    }

    @Override
    protected String query() {
        return "SELECT items.name, items.id, items.end_date, items.max_bid, items.nb_of_bids, items.initial_price"
                + " FROM items, users WHERE items.category = ? AND items.seller = users.id AND users.region = ?"
                + " AND items.end_date >= ? ORDER BY items.end_date ASC LIMIT ? OFFSET ?";
    }

    @Override
    protected int bindCriteria(PreparedStatement statement, Parameters parameters) throws SQLException {
        statement.setInt(1, parameters.requiredInt("category"));
        statement.setInt(2, parameters.requiredInt("region"));
        return 3;
    }

    @Override
    protected String criteriaQueryString(Parameters parameters) {
        return "category=" + parameters.requiredInt("category")
                + "&categoryName=" + Links.encoded(parameters.text("categoryName"))
                + "&region=" + parameters.requiredInt("region");
    }

    @Override
    protected String describe(Parameters parameters) {
        return "in category " + categoryLabel(parameters) + " in region " + parameters.requiredInt("region");
    }
}
