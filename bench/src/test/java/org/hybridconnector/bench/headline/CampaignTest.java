package org.hybridconnector.bench.headline;

import static org.hybridconnector.bench.headline.Rows.full;
import static org.hybridconnector.bench.headline.Rows.row;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class CampaignTest {

    @Test
    void testVariantsAreClassedByTheirBaseName() {
        assertEquals(VariantClass.STOCK, VariantClass.of("nio:50@300"));
        assertEquals(VariantClass.STOCK, VariantClass.of("nio-vt:200"));
        assertEquals(VariantClass.STOCK, VariantClass.of("nio2@300"));
        assertEquals(VariantClass.YARDSTICK, VariantClass.of("nio-admission"));
        assertEquals(VariantClass.CANDIDATE, VariantClass.of("hybrid"));
        assertEquals(VariantClass.CANDIDATE, VariantClass.of("hybrid-sessions:20"));
        assertEquals(VariantClass.OTHER, VariantClass.of("apr"));
        assertEquals(VariantClass.OTHER, VariantClass.of("nio3"));
    }

    @Test
    void testBestStockIsTheStockVariantWithTheHighestMedianAtEachLoad() {
        List<SteadyRow> rows = new ArrayList<>();
        double[][] completed = { // per block: nio, nio:50@300, nio2, nio-admission, hybrid at load 100; then at 200
                { 10, 14, 12, 30, 40 }, { 11, 13, 12, 30, 40 }, { 30, 15, 12, 30, 40 } };
        String[] variants = { "nio", "nio:50@300", "nio2", "nio-admission", "hybrid" };
        for (int block = 1; block <= 3; block++) {
            for (int v = 0; v < variants.length; v++) {
                rows.add(row(block, 100, variants[v], completed[block - 1][v]));
            }
            rows.add(row(block + 3, 200, "nio", 5));
            rows.add(row(block + 3, 200, "nio:50@300", 6));
            rows.add(row(block + 3, 200, "nio2", 9));
        }
        // A client-limited row would have made nio the best at 200 had it counted.
        rows.add(full(7, 200, "nio", 50, 0, 100, true));
        Campaign campaign = new Campaign(rows, new Bootstrap());
        assertEquals(Optional.of("nio:50@300"), campaign.best(VariantClass.STOCK, 100),
                "medians 11, 14, 12: the capped nio, though plain nio had the best single block");
        assertEquals(Optional.of("nio2"), campaign.best(VariantClass.STOCK, 200));
        assertEquals(Optional.of("nio-admission"), campaign.best(VariantClass.YARDSTICK, 100));
        assertEquals(Optional.empty(), campaign.best(VariantClass.YARDSTICK, 200));
        assertEquals(List.of("hybrid"), campaign.candidates());
        assertEquals(3, campaign.blocks(200));
        assertEquals(1, campaign.excluded().size());
    }
}
