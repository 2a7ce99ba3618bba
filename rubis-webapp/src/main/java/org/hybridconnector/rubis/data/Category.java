package org.hybridconnector.rubis.data;

/**
 * A category of the reference list, with the number of open auctions the original data set
 * keeps in it (the figure in parentheses in ebay_simple_categories.txt).
 */
public record Category(int id, String name, int activeItems) {
}
