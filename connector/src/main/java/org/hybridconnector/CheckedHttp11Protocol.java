package org.hybridconnector;

import java.nio.channels.SocketChannel;

import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.apache.tomcat.util.net.AbstractEndpoint;
import org.apache.tomcat.util.res.StringManager;

/**
 * An HTTP/1.1 protocol handler whose Tomcat attributes a deployment tunes are checked: a bad value
 * fails start-up with a message naming the attribute (see {@link AttributeErrors}), where Tomcat
 * would log a warning and keep its default, or read a misspelt {@code true} as {@code false}. Every
 * other attribute of Tomcat's HTTP/1.1 connectors is accepted as Tomcat accepts it.
 * <p>
 * Tomcat sets an attribute through its {@code String} setter where there is one, so these
 * overloads come before the typed setters of {@link AbstractHttp11Protocol}.
 * <p>
 * Thread safety: setters run on the thread that reads {@code server.xml}; {@code init} on the
 * thread that starts the server, after it.
 */
abstract class CheckedHttp11Protocol extends AbstractHttp11Protocol<SocketChannel> {

    private static final StringManager sm = StringManager.getManager(CheckedHttp11Protocol.class);

    private final AttributeErrors attributeErrors = new AttributeErrors();

    CheckedHttp11Protocol(AbstractEndpoint<SocketChannel,?> endpoint) {
        super(endpoint);
    }

    /**
     * Fails, naming every bad attribute, before Tomcat's own initialisation binds anything; then
     * warns of each attribute given that has no effect beside the others.
     */
    @Override
    public void init() throws Exception {
        checkCombinedAttributes();
        attributeErrors.throwIfAny();
        for (String warning : attributeErrors.warnings()) {
            getLog().warn(warning);
        }
        super.init();
    }

    /** Where the subclass's own attributes record their bad values. */
    AttributeErrors attributeErrors() {
        return attributeErrors;
    }

    /**
     * Records in {@link #attributeErrors()} what is wrong with attributes taken together, and which
     * are ignored beside the others, once all are read.
     */
    abstract void checkCombinedAttributes();

    public void setPort(String value) {
        attributeErrors.parseInt("port", value, 0, 65535, false, this::setPort);
    }

    public void setAddress(String value) {
        attributeErrors.parseAddress("address", value, this::setAddress);
    }

    public void setMaxThreads(String value) {
        attributeErrors.parseInt("maxThreads", value, 1, 100_000, false, this::setMaxThreads);
    }

    public void setMinSpareThreads(String value) {
        attributeErrors.parseInt("minSpareThreads", value, 0, 100_000, false, this::setMinSpareThreads);
    }

    public void setMaxConnections(String value) {
        attributeErrors.parseInt("maxConnections", value, 1, Integer.MAX_VALUE, true, this::setMaxConnections);
    }

    public void setAcceptCount(String value) {
        attributeErrors.parseInt("acceptCount", value, 0, 65535, false, this::setAcceptCount);
    }

    public void setConnectionTimeout(String value) {
        attributeErrors.parseInt("connectionTimeout", value, 1, Integer.MAX_VALUE, true, this::setConnectionTimeout);
    }

    public void setKeepAliveTimeout(String value) {
        attributeErrors.parseInt("keepAliveTimeout", value, 1, Integer.MAX_VALUE, true, this::setKeepAliveTimeout);
    }

    public void setMaxKeepAliveRequests(String value) {
        attributeErrors.parseInt("maxKeepAliveRequests", value, 1, Integer.MAX_VALUE, true,
                this::setMaxKeepAliveRequests);
    }

    public void setMaxHttpHeaderSize(String value) {
        attributeErrors.parseInt("maxHttpHeaderSize", value, 256, 1 << 20, false, this::setMaxHttpHeaderSize);
    }

    /** Tomcat 11's limit for request heads alone; -1 (the default): {@code maxHttpHeaderSize}. */
    public void setMaxHttpRequestHeaderSize(String value) {
        attributeErrors.parseInt("maxHttpRequestHeaderSize", value, 256, 1 << 20, true,
                this::setMaxHttpRequestHeaderSize);
    }

    // Tomcat sets a boolean attribute by Boolean.valueOf, so a typo ("yes") would silently mean false.
    public void setUseSendfile(String value) {
        attributeErrors.parseBoolean("useSendfile", value, v -> setUseSendfile(v.booleanValue()));
    }

    public void setUseAsyncIO(String value) {
        attributeErrors.parseBoolean("useAsyncIO", value, v -> getEndpoint().setUseAsyncIO(v.booleanValue()));
    }

    /** Refused when true: the design rests on a bounded pool of {@code maxThreads} workers. */
    public void setUseVirtualThreads(String value) {
        attributeErrors.parseBoolean("useVirtualThreads", value, v -> attributeErrors.require(!v.booleanValue(),
                "useVirtualThreads", sm.getString("attributes.noVirtualThreads")));
    }
}
