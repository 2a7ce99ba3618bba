package org.hybridconnector.rubis.web.pages;

import java.sql.PreparedStatement;
import java.sql.SQLException;

import org.hybridconnector.rubis.web.Parameters;

/** Open auctions of one category: {@code ?category=&categoryName=&page=&nbOfItems=}. */
public final class SearchItemsByCategory extends ItemSearch {

    @Override
    protected String interaction() {
        return "SearchItemsByCategory";
    }

    @Override
    protected String query() {
        return "SELECT name, id, end_date, max_bid, nb_of_bids, initial_price FROM items"
                + " WHERE category = ? AND end_date >= ? ORDER BY end_date ASC LIMIT ? OFFSET ?";
    }

    @Override
    protected int bindCriteria(PreparedStatement statement, Parameters parameters) throws SQLException {
        statement.setInt(1, parameters.requiredInt("category"));
        return 2;
    }

    @Override
    protected String criteriaQueryString(Parameters parameters) {
        return "category=" + parameters.requiredInt("category")
                + "&categoryName=" + Links.encoded(parameters.text("categoryName"));
    }

    @Override
    protected String describe(Parameters parameters) {
        return "in category " + categoryLabel(parameters);
    }
}
