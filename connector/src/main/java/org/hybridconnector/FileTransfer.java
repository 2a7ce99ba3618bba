package org.hybridconnector;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.apache.tomcat.util.net.SendfileDataBase;
import org.apache.tomcat.util.net.SendfileKeepAliveState;
import org.apache.tomcat.util.res.StringManager;

/**
 * The part of a static file that Catalina's {@code DefaultServlet} asked to be sent as the body
 * of a response (Tomcat's sendfile), sent from the file to the socket by the kernel
 * ({@link FileChannel#transferTo}) without passing through the JVM's heap.
 * <p>
 * A worker starts the transfer; if the client does not take the whole file at once, the
 * selector thread finishes it as the socket drains, so a client that reads slowly holds a file
 * descriptor and a socket buffer, never a worker.
 * <p>
 * Thread safety: none; used by the worker that starts it, then by the selector thread, with the
 * hand-over through the selector's update queue.
 */
final class FileTransfer extends SendfileDataBase implements Transfer {

    private static final StringManager sm = StringManager.getManager(FileTransfer.class);

    private FileChannel file;

    FileTransfer(String fileName, long pos, long length) {
        super(fileName, pos, length);
    }

    /**
     * Sends as much of the rest as the socket takes now, without blocking.
     *
     * @return {@code true} once every byte is sent
     * @throws IOException if the file cannot be read or the client is gone
     */
    boolean advance(SocketChannel socket) throws IOException {
        if (file == null) {
            file = FileChannel.open(Path.of(fileName), StandardOpenOption.READ);
        }
        while (length > 0) {
            long sent = file.transferTo(pos, length, socket);
            if (sent <= 0) {
                if (pos >= file.size()) {
                    throw new IOException(sm.getString("transfer.fileEnded", fileName, Long.valueOf(length)));
                }
                return false;
            }
            pos += sent;
            length -= sent;
        }
        return true;
    }

    @Override
    public boolean advance(Sink connection) throws IOException {
        return advance(connection.channel());
    }

    @Override
    public String name() {
        return fileName;
    }

    /** What the response said of the connection's next request: Coyote's keep-alive verdict. */
    @Override
    public SendfileKeepAliveState keepAliveState() {
        return keepAliveState;
    }

    /** Closes the file; the transfer is over, whole or not. */
    @Override
    public void close() {
        if (file != null) {
            try {
                file.close();
            } catch (IOException ignored) {
                // Read-only: nothing was left unwritten.
            }
            file = null;
        }
    }
}
