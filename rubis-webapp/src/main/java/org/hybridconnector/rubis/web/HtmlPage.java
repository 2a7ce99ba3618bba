package org.hybridconnector.rubis.web;

/**
 * The title and body of one page under construction. Pages are built whole in memory and sent
 * with a Content-Length, so a page is never half-written when a query fails midway.
 */
public final class HtmlPage {

    private final StringBuilder body = new StringBuilder(4096);
    private final String contextPath;
    private String title = "RUBiS";

    public HtmlPage(String contextPath) {
        this.contextPath = contextPath;
    }

    public HtmlPage title(String newTitle) {
        this.title = newTitle;
        return this;
    }

    public String title() {
        return title;
    }

    /** Appends markup as is. */
    public HtmlPage html(String markup) {
        body.append(markup);
        return this;
    }

    /** Appends text, escaped. */
    public HtmlPage text(String text) {
        body.append(Html.escape(text));
        return this;
    }

    public HtmlPage text(long number) {
        body.append(number);
        return this;
    }

    public HtmlPage price(float value) {
        body.append(Html.price(value));
        return this;
    }

    /**
     * An image tag in the exact form the RUBiS emulator scrapes ({@code <IMG SRC="...">}) to
     * fetch embedded images after each page.
     */
    public HtmlPage image(String file, int width, int height) {
        body.append("<IMG SRC=\"").append(contextPath).append('/').append(file)
                .append("\" height=").append(height).append(" width=").append(width).append('>');
        return this;
    }

    public HtmlPage hiddenField(String name, String value) {
        // Unquoted "name=X value=Y": the emulator reads minBid, maxQty and "to" after exactly this text.
        body.append("<input type=hidden name=").append(name).append(" value=").append(Html.escape(value)).append(">\n");
        return this;
    }

    String body() {
        return body.toString();
    }

    public String contextPath() {
        return contextPath;
    }
}
