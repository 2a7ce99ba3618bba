package org.hybridconnector.e2e;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;

/**
 * A plain socket whose writes can be held back and then sent in one piece, so that what a layered
 * TLS socket writes as separate records reaches the server in one segment, as a proxy that
 * coalesces writes would deliver them.
 * <p>
 * Used by one test thread at a time.
 */
final class HeldWrites extends Socket {

    private final ByteArrayOutputStream held = new ByteArrayOutputStream();
    private OutputStream out;
    private boolean holding;

    @Override
    public OutputStream getOutputStream() throws IOException {
        if (out == null) {
            OutputStream socket = super.getOutputStream();
            out = new OutputStream() {
                @Override
                public void write(int b) throws IOException {
                    write(new byte[] { (byte) b }, 0, 1);
                }

                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    if (holding) {
                        held.write(b, off, len);
                    } else {
                        socket.write(b, off, len);
                    }
                }

                @Override
                public void flush() throws IOException {
                    if (!holding) {
                        socket.flush();
                    }
                }
            };
        }
        return out;
    }

    /** From now on, writes wait here. */
    void hold() {
        holding = true;
    }

    /** Sends everything held in one write, and writes go straight out again; returns what was sent. */
    byte[] release() throws IOException {
        holding = false;
        byte[] bytes = held.toByteArray();
        held.reset();
        super.getOutputStream().write(bytes);
        return bytes;
    }
}
