package org.hybridconnector.rubis.web.pages;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Fixed HTML pieces that servlets embed, kept as resources beside this class. */
final class PageFragments {

    static final String SELL_ITEM_FORM = read("sellItemForm.html");

    private PageFragments() {
    }

    private static String read(String name) {
        try (InputStream in = PageFragments.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing page fragment " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
