package org.hybridconnector.rubis;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads links, ids and forms out of a RUBiS page, the way an emulated client does. */
final class PageScraper {

    private static final Pattern HREF = Pattern.compile("href=\"([^\"]+)\"");
    private static final Pattern ITEM_ID = Pattern.compile("itemId=(\\d+)");
    private static final Pattern USER_ID = Pattern.compile("userId=(\\d+)");
    private static final Pattern TO = Pattern.compile("[?&]to=(\\d+)");
    private static final Pattern FORM = Pattern.compile("<form action=\"([^\"]+)\"[^>]*>(.*?)</form>",
            Pattern.DOTALL | Pattern.CASE_INSENSITIVE);
    private static final Pattern HIDDEN = Pattern.compile("<input type=hidden name=(\\w+) value=([^>]*)>");
    static final Pattern IMAGE = Pattern.compile("<IMG SRC=\"([^\"]+)\"");

    /** A form on the page: where it posts and its hidden fields. */
    record Form(String action, Map<String, String> hidden) {

        String query(Map<String, String> filled) {
            Map<String, String> all = new LinkedHashMap<>(hidden);
            all.putAll(filled);
            StringBuilder query = new StringBuilder(action).append('?');
            all.forEach((name, value) -> query.append(name).append('=')
                    .append(URLEncoder.encode(value, StandardCharsets.UTF_8)).append('&'));
            query.setLength(query.length() - 1);
            return query.toString();
        }
    }

    private PageScraper() {
    }

    static List<String> links(String page, String containing) {
        List<String> result = new ArrayList<>();
        Matcher m = HREF.matcher(page);
        while (m.find()) {
            if (m.group(1).contains(containing)) {
                result.add(m.group(1));
            }
        }
        return result;
    }

    static List<Integer> itemIds(String page) {
        return all(ITEM_ID, page);
    }

    static Optional<Integer> firstUserId(String page) {
        List<Integer> ids = all(USER_ID, page);
        return ids.isEmpty() ? Optional.empty() : Optional.of(ids.get(0));
    }

    static Optional<Integer> firstTo(String page) {
        List<Integer> ids = all(TO, page);
        return ids.isEmpty() ? Optional.empty() : Optional.of(ids.get(0));
    }

    static Optional<Form> form(String page, String actionEnding) {
        Matcher m = FORM.matcher(page);
        while (m.find()) {
            if (m.group(1).endsWith(actionEnding)) {
                Map<String, String> hidden = new LinkedHashMap<>();
                Matcher h = HIDDEN.matcher(m.group(2));
                while (h.find()) {
                    hidden.put(h.group(1), h.group(2));
                }
                return Optional.of(new Form(m.group(1), hidden));
            }
        }
        return Optional.empty();
    }

    static List<String> images(String page) {
        List<String> result = new ArrayList<>();
        Matcher m = IMAGE.matcher(page);
        while (m.find()) {
            result.add(m.group(1));
        }
        return result;
    }

    private static List<Integer> all(Pattern pattern, String page) {
        List<Integer> result = new ArrayList<>();
        Matcher m = pattern.matcher(page);
        while (m.find()) {
            result.add(Integer.parseInt(m.group(1)));
        }
        return result;
    }
}
