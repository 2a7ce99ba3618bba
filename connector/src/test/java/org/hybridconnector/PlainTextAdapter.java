package org.hybridconnector;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import org.apache.coyote.ActionCode;
import org.apache.coyote.Adapter;
import org.apache.coyote.Request;
import org.apache.coyote.Response;
import org.apache.tomcat.util.net.SocketEvent;

/**
 * Catalina's part in the protocol tests that run without Catalina: answers every request with
 * 200 and the plain-text body a subclass picks, and has no async, logging or JMX domain. A request
 * Coyote has refused already (a 400 for a bad head, a 503 while paused) keeps Coyote's status and
 * never reaches the subclass, as in Catalina.
 */
public abstract class PlainTextAdapter implements Adapter {

    /** An adapter that answers every request with the body {@code ok} ({@link ReplyLines#okReply} reads it). */
    static PlainTextAdapter ok() {
        return new PlainTextAdapter() {
            @Override
            protected String body(Request req) {
                return "ok";
            }
        };
    }

    /** The body for {@code req}; it may keep the worker as long as a test needs. */
    protected abstract String body(Request req) throws Exception;

    @Override
    public final void service(Request req, Response res) throws Exception {
        if (res.isError()) {
            return;
        }
        byte[] body = body(req).getBytes(StandardCharsets.ISO_8859_1);
        res.setStatus(200);
        res.setContentType("text/plain");
        res.setContentLength(body.length);
        res.doWrite(ByteBuffer.wrap(body));
        res.action(ActionCode.CLOSE, null);
    }

    @Override
    public boolean prepare(Request req, Response res) {
        return true;
    }

    @Override
    public boolean asyncDispatch(Request req, Response res, SocketEvent status) {
        return false;
    }

    @Override
    public void log(Request req, Response res, long time) {
    }

    @Override
    public void checkRecycled(Request req, Response res) {
    }

    @Override
    public String getDomain() {
        return null;
    }
}
