package org.hybridconnector.cache;

import static org.hybridconnector.cache.Heads.fields;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class HeaderFieldsTest {

    /** RFC 9110 §5.1: field names are case-insensitive. */
    @Test
    void testNamesCompareCaseInsensitively() {
        HeaderFields fields = fields("Cache-Control", "public");
        assertEquals("public", fields.value("cache-control"));
        assertTrue(fields.contains("CACHE-CONTROL"));
        assertFalse(fields.contains("Pragma"));
        assertNull(fields.value("Pragma"));
    }

    @Test
    void testValueIsTheFirstLinesAndCountCountsTheLines() {
        HeaderFields fields = fields("Vary", "Accept-Encoding", "Age", "1", "vary", "Cookie");
        assertEquals("Accept-Encoding", fields.value("Vary"));
        assertEquals(2, fields.count("Vary"));
    }

    @Test
    void testTheOrderReceivedIsKept() {
        HeaderFields fields = fields("B", "1", "A", "2", "B", "3");
        assertEquals(List.of("B", "A", "B"), List.of(fields.name(0), fields.name(1), fields.name(2)));
        assertEquals(List.of("1", "2", "3"), List.of(fields.value(0), fields.value(1), fields.value(2)));
    }

    /** RFC 9110 §5.3: the lines of one name are one comma-separated list. */
    @Test
    void testElementsJoinTheLinesOfOneNameIntoOneList() {
        HeaderFields fields = fields("Cache-Control", "public, max-age=60", "Age", "3",
                "Cache-Control", "must-revalidate");
        assertEquals(List.of("public", "max-age=60", "must-revalidate"), fields.elements("Cache-Control"));
    }

    /** RFC 9110 §5.6.4: a comma inside a quoted string is part of it. */
    @Test
    void testACommaInAQuotedStringDoesNotEndAnElement() {
        HeaderFields fields = fields("Cache-Control", "private=\"Set-Cookie, X-A\\\",\", no-transform");
        assertEquals(List.of("private=\"Set-Cookie, X-A\\\",\"", "no-transform"), fields.elements("Cache-Control"));
    }

    /** RFC 9110 §5.6.1: a recipient tolerates empty list elements. */
    @Test
    void testEmptyElementsAreDropped() {
        assertEquals(List.of("gzip", "br"), fields("Accept-Encoding", " , gzip,, br ,").elements("Accept-Encoding"));
    }

    /** RFC 9110 §5.6.7: any of the three date formats; none, two lines or not a date read as -1. */
    @Test
    void testDateReadsTheOneLinesHttpDate() {
        assertEquals(784111777000L, fields("Date", "Sun, 06 Nov 1994 08:49:37 GMT").date("date"));
        assertEquals(784111777000L, fields("Date", "Sunday, 06-Nov-94 08:49:37 GMT").date("Date"));
        assertEquals(-1, fields().date("Date"));
        assertEquals(-1, fields("Date", "0").date("Date"));
        assertEquals(-1, fields("Date", "Sun, 06 Nov 1994 08:49:37 GMT", "Date", "Sun, 06 Nov 1994 08:49:37 GMT")
                .date("Date"));
    }

    /** Names are told apart by length first: a name of 64 characters or more must still be found. */
    @Test
    void testNamesOfEveryLengthAreFound() {
        String long64 = "X-" + "a".repeat(62);
        String long65 = "X-" + "b".repeat(63);
        HeaderFields fields = fields(long64, "1", long65, "2", "A", "3");
        assertEquals("1", fields.value(long64.toUpperCase(java.util.Locale.ENGLISH)));
        assertEquals("2", fields.value(long65));
        assertEquals("3", fields.value("a"));
        assertEquals(1, fields.count(long65));
        assertNull(fields.value("B"), "a name of the same length as a 65-character one, 65 % 64, is not there");
        assertNull(fields.value("Host"));
        assertEquals(0, fields.count("Host"));
    }
}
