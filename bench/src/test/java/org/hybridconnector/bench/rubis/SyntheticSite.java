package org.hybridconnector.bench.rubis;

import java.util.ArrayList;
import java.util.List;

import org.hybridconnector.bench.rubis.SiteData.Item;
import org.hybridconnector.bench.rubis.SiteData.Named;

/**
 * A database's figures for tests: 20 categories, 62 regions, and {@code perRegionAndCategory}
 * open items for every region and category, so that search pages are rarely empty and the walk
 * follows the table almost everywhere.
 */
final class SyntheticSite {

    private SyntheticSite() {
    }

    static SiteData create(int users, int perRegionAndCategory) {
        List<Named> categories = new ArrayList<>();
        for (int c = 1; c <= 20; c++) {
            categories.add(new Named(c, "Category " + c));
        }
        List<Named> regions = new ArrayList<>();
        for (int r = 1; r <= 62; r++) {
            regions.add(new Named(r, "XX--Region " + r));
        }
        List<Item> items = new ArrayList<>();
        int id = 1000;
        for (int r = 1; r <= 62; r++) {
            for (int c = 1; c <= 20; c++) {
                for (int k = 0; k < perRegionAndCategory; k++) {
                    // Users of region r are r, r + 62, r + 124, ...: the generator's (i - 1) mod 62 + 1 rule.
                    int seller = r + 62 * (k % Math.max(1, users / 62 - 1));
                    items.add(new Item(id, c, seller, r, 1 + (id % 10), id % 10 == 0, 10 + id % 500, id));
                    id++;
                }
            }
        }
        return new SiteData(users, categories, regions, items);
    }
}
