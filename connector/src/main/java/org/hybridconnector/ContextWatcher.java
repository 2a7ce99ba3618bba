package org.hybridconnector;

import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.MBeanServerDelegate;
import javax.management.MBeanServerNotification;
import javax.management.Notification;
import javax.management.NotificationFilterSupport;
import javax.management.NotificationListener;
import javax.management.ObjectName;

import org.hybridconnector.cache.ResponseCache;

/**
 * Drops a web application's cached responses when it stops: reloaded, redeployed, undeployed or
 * stopped. Catalina says so in JMX: a stopping context takes its servlets out (their MBeans,
 * {@code j2eeType=Servlet,WebModule=//host/path}, are unregistered), and one that goes away takes
 * its own ({@code j2eeType=WebModule,name=//host/path}). Listening to the MBean server's
 * unregistrations needs nothing of Catalina's classes. The host in the name is Catalina's, which
 * several request host names may map to, so the entries of the context path go on every host.
 * <p>
 * Threads: notifications arrive on the thread that stops the context (a deployer's); the cache's
 * invalidation may run on any thread.
 */
final class ContextWatcher implements NotificationListener {

    private final ResponseCache cache;
    private final String domain;

    /** @param domain Catalina's JMX domain, whose contexts are watched */
    ContextWatcher(ResponseCache cache, String domain) {
        this.cache = cache;
        this.domain = domain;
    }

    void listen(MBeanServer server) throws JMException {
        server.addNotificationListener(MBeanServerDelegate.DELEGATE_NAME, this, unregistrations(), null);
    }

    void stop(MBeanServer server) throws JMException {
        server.removeNotificationListener(MBeanServerDelegate.DELEGATE_NAME, this);
    }

    private static NotificationFilterSupport unregistrations() {
        NotificationFilterSupport filter = new NotificationFilterSupport();
        filter.enableType(MBeanServerNotification.UNREGISTRATION_NOTIFICATION);
        return filter;
    }

    @Override
    public void handleNotification(Notification notification, Object handback) {
        if (notification instanceof MBeanServerNotification unregistered) {
            String path = contextPath(unregistered.getMBeanName());
            if (path != null) {
                cache.invalidateContext(null, path);
            }
        }
    }

    /** The context path a context's or servlet's MBean name gives ({@code ""} for the root), or {@code null}. */
    String contextPath(ObjectName name) {
        if (!domain.equals(name.getDomain())) {
            return null;
        }
        String type = name.getKeyProperty("j2eeType");
        String module = "Servlet".equals(type) ? name.getKeyProperty("WebModule")
                : "WebModule".equals(type) ? name.getKeyProperty("name") : null;
        if (module == null || !module.startsWith("//")) {
            return null;
        }
        int slash = module.indexOf('/', 2);
        if (slash < 0) {
            return null;
        }
        String path = module.substring(slash);
        return path.equals("/") ? "" : path;
    }
}
