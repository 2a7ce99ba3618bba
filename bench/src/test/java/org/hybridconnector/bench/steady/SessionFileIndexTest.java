package org.hybridconnector.bench.steady;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.StringWriter;
import java.util.List;

import org.hybridconnector.bench.wsesslog.Burst;
import org.hybridconnector.bench.wsesslog.WsesslogWriter;
import org.junit.jupiter.api.Test;

/** The requests per session, read back from files the session writer marked. */
class SessionFileIndexTest {

    @Test
    void testMarkedFilesGiveEachSessionItsRequestCount() throws IOException {
        List<List<Burst>> sessions = List.of(
                List.of(new Burst("Home", "/rubis/", List.of("/rubis/logo.jpg"), 500),
                        new Burst("Browse", "/rubis/s?c=1", List.of(), 0)),
                List.of(new Burst("Home", "/rubis/", List.of(), 0)));
        StringWriter out = new StringWriter();
        WsesslogWriter.write(out, "two sessions", sessions, "m3");
        String text = out.toString();
        assertEquals(true, text.contains("/rubis/s?c=1&hs=m3.1"), text);
        assertEquals(true, text.contains("    /rubis/logo.jpg?hs=m3.1"), text);

        SessionFileIndex index = new SessionFileIndex();
        index.add(text.lines().toList());
        assertEquals(2, index.sessions());
        assertEquals(3, index.requests("m3.1"));
        assertEquals(1, index.requests("m3.2"));
        assertEquals(-1, index.requests("m3.3"));
    }

    @Test
    void testUnmarkedFilesAndRepeatedMarkersAreRefused() throws IOException {
        StringWriter out = new StringWriter();
        WsesslogWriter.write(out, "unmarked", List.of(List.of(new Burst("Home", "/rubis/", List.of(), 0))));
        SessionFileIndex index = new SessionFileIndex();
        assertThrows(IllegalArgumentException.class, () -> index.add(out.toString().lines().toList()));

        SessionFileIndex twice = new SessionFileIndex();
        twice.add(List.of("/a?hs=m1.1", ""));
        assertThrows(IllegalArgumentException.class, () -> twice.add(List.of("/b?hs=m1.1", "")));
    }

    @Test
    void testTheMarkerIsAWholeParameter() {
        assertEquals("m1.2", SessionFileIndex.markerOf("/x?a=1&hs=m1.2"));
        assertEquals("m1.2", SessionFileIndex.markerOf("?hs=m1.2&b=3"));
        assertNull(SessionFileIndex.markerOf("/x?ths=m1.2"));
        assertEquals("r4.7", SessionFileIndex.markerOf("/x?ths=m1.2&hs=r4.7"));
    }
}
