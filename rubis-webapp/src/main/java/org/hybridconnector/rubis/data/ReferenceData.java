package org.hybridconnector.rubis.data;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The fixed reference data of RUBiS: 20 eBay categories and 62 US regions, in file order, so
 * that database ids are the 1-based positions (category ids 1..20, region ids 1..62) exactly as
 * the original loader produced them. Emulated clients name regions and categories from the
 * same lists, so the names must match the database.
 */
public final class ReferenceData {

    private static final Pattern CATEGORY_LINE = Pattern.compile("(.+) \\((\\d+)\\)");

    private static final List<Category> CATEGORIES = readCategories();
    private static final List<String> REGIONS = readLines("ebay_regions.txt");

    private ReferenceData() {
    }

    public static List<Category> categories() {
        return CATEGORIES;
    }

    public static List<String> regions() {
        return REGIONS;
    }

    private static List<Category> readCategories() {
        List<Category> categories = new ArrayList<>();
        for (String line : readLines("ebay_simple_categories.txt")) {
            Matcher m = CATEGORY_LINE.matcher(line);
            if (!m.matches()) {
                throw new IllegalStateException("bad category line: " + line);
            }
            categories.add(new Category(categories.size() + 1, m.group(1), Integer.parseInt(m.group(2))));
        }
        return List.copyOf(categories);
    }

    private static List<String> readLines(String resource) {
        try (InputStream in = ReferenceData.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing reference data " + resource);
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            return reader.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
