package org.hybridconnector.rubis.web;

import jakarta.servlet.http.HttpServletRequest;

/**
 * Typed access to request parameters. A missing or malformed parameter becomes a 400 page
 * naming it, never an exception page.
 */
public final class Parameters {

    private final HttpServletRequest request;

    public Parameters(HttpServletRequest request) {
        this.request = request;
    }

    /** The trimmed value, or null when absent or blank. */
    public String text(String name) {
        String value = request.getParameter(name);
        if (value == null) {
            return null;
        }
        value = value.strip();
        return value.isEmpty() ? null : value;
    }

    public boolean has(String name) {
        return text(name) != null;
    }

    public String requiredText(String name) {
        String value = text(name);
        if (value == null) {
            throw ErrorReply.badRequest("You must provide the parameter '" + name + "'.");
        }
        return value;
    }

    public String requiredText(String name, int maxLength) {
        String value = requiredText(name);
        if (value.length() > maxLength) {
            throw ErrorReply.badRequest("'" + name + "' must not be longer than " + maxLength + " characters.");
        }
        return value;
    }

    public int requiredInt(String name) {
        return parseInt(name, requiredText(name));
    }

    public int optionalInt(String name, int fallback) {
        String value = text(name);
        return value == null ? fallback : parseInt(name, value);
    }

    public float requiredPrice(String name) {
        return parsePrice(name, requiredText(name));
    }

    public float optionalPrice(String name, float fallback) {
        String value = text(name);
        return value == null ? fallback : parsePrice(name, value);
    }

    private static int parseInt(String name, String value) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw ErrorReply.badRequest("'" + name + "' must be a whole number, not '" + value + "'.");
        }
    }

    private static float parsePrice(String name, String value) {
        float price;
        try {
            price = Float.parseFloat(value);
        } catch (NumberFormatException e) {
            throw ErrorReply.badRequest("'" + name + "' must be an amount, not '" + value + "'.");
        }
        if (!Float.isFinite(price) || price < 0 || value.endsWith("f") || value.endsWith("d")
                || value.endsWith("F") || value.endsWith("D")) {
            throw ErrorReply.badRequest("'" + name + "' must be a positive amount, not '" + value + "'.");
        }
        return price;
    }
}
