package org.hybridconnector.rubis.load;

import java.util.List;

import org.hybridconnector.rubis.data.Category;
import org.hybridconnector.rubis.data.ReferenceData;

/**
 * Sizes and distribution parameters of a generated database. {@link #forScale(double)} with
 * scale 1 gives the original loader's shipped defaults (docs/rubis.md, "The generator"):
 * 1,000,000 users, 1,000,000 closed auctions and the 32,667 open ones spread over
 * the categories as in the reference file. Smaller scales shrink users and items alike and keep
 * every per-item distribution (bids, quantities, lengths) unchanged.
 */
public record GeneratorSettings(
        int users,
        int oldItems,
        List<Integer> activeItemsPerCategory,
        int percentUniqueItems,
        int percentReservePrice,
        int percentBuyNow,
        int maxQuantity,
        int maxDescriptionLength,
        int maxBidsPerItem,
        int maxCommentLength,
        long seed,
        int batchSize) {

    public static final int ORIGINAL_USERS = 1_000_000;
    public static final int ORIGINAL_OLD_ITEMS = 1_000_000;

    public GeneratorSettings {
        activeItemsPerCategory = List.copyOf(activeItemsPerCategory);
        if (users < 1) {
            throw new IllegalArgumentException("at least one user is needed to sell and bid");
        }
        if (activeItemsPerCategory.size() != ReferenceData.categories().size()) {
            throw new IllegalArgumentException("one active item count per category expected");
        }
    }

    public static GeneratorSettings forScale(double scale) {
        if (!(scale > 0) || scale > 100) {
            throw new IllegalArgumentException("scale must be in (0, 100], got " + scale);
        }
        List<Integer> active = ReferenceData.categories().stream()
                .map(Category::activeItems)
                .map(n -> Math.max(1, (int) Math.round(n * scale)))
                .toList();
        return new GeneratorSettings(
                Math.max(1, (int) Math.round(ORIGINAL_USERS * scale)),
                (int) Math.round(ORIGINAL_OLD_ITEMS * scale),
                active,
                80, 40, 10, 10, 8192, 20, 2048,
                20020123L,
                1000);
    }

    public GeneratorSettings withSeed(long newSeed) {
        return new GeneratorSettings(users, oldItems, activeItemsPerCategory, percentUniqueItems,
                percentReservePrice, percentBuyNow, maxQuantity, maxDescriptionLength, maxBidsPerItem,
                maxCommentLength, newSeed, batchSize);
    }

    public GeneratorSettings withBatchSize(int newBatchSize) {
        return new GeneratorSettings(users, oldItems, activeItemsPerCategory, percentUniqueItems,
                percentReservePrice, percentBuyNow, maxQuantity, maxDescriptionLength, maxBidsPerItem,
                maxCommentLength, seed, newBatchSize);
    }

    public int activeItems() {
        return activeItemsPerCategory.stream().mapToInt(Integer::intValue).sum();
    }

    public int totalItems() {
        return oldItems + activeItems();
    }
}
