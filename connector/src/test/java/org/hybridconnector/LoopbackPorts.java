package org.hybridconnector;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Ports for a server a test starts on 127.0.0.1 after choosing its port. A port the kernel picks
 * (bind to 0) comes from its ephemeral range, from 32768 up, where it may hand the same number to
 * a client socket before the server binds it; so these come from below that range, each free when
 * chosen and never handed out twice in one run. The end-to-end tests take theirs here too (the
 * connector's test jar).
 */
public final class LoopbackPorts {

    private static final int FIRST = 20_000;
    private static final int EPHEMERAL = 32_768;
    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

    private LoopbackPorts() {
    }

    public static int free() {
        int span = EPHEMERAL - FIRST;
        int start = ThreadLocalRandom.current().nextInt(span);
        for (int i = 0; i < span; i++) {
            int port = FIRST + (start + i) % span;
            if (bindable(port) && HANDED_OUT.add(Integer.valueOf(port))) {
                return port;
            }
        }
        throw new IllegalStateException("no free port on 127.0.0.1 from " + FIRST + " to " + (EPHEMERAL - 1));
    }

    private static boolean bindable(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
