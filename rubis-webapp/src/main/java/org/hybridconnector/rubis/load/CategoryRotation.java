package org.hybridconnector.rubis.load;

import java.util.List;

/**
 * Assigns open auctions to categories round-robin by item index, skipping a category once its
 * quota is used up, so each category ends with exactly its share of the reference counts.
 */
final class CategoryRotation {

    private final int[] remaining;
    private int left;

    CategoryRotation(List<Integer> quotas) {
        remaining = quotas.stream().mapToInt(Integer::intValue).toArray();
        for (int quota : remaining) {
            left += quota;
        }
    }

    /** The 1-based id of the category for the item at {@code index}. */
    int next(int index) {
        if (left == 0) {
            throw new IllegalStateException("every category quota is used up");
        }
        int category = index % remaining.length;
        while (remaining[category] == 0) {
            category = (category + 1) % remaining.length;
        }
        remaining[category]--;
        left--;
        return category + 1;
    }
}
