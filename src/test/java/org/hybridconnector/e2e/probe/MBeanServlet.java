package org.hybridconnector.e2e.probe;

import java.io.IOException;
import java.lang.management.ManagementFactory;

import javax.management.JMException;
import javax.management.ObjectName;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Answers with one attribute of one MBean of the server's JVM, what jconsole would show; or, with
 * {@code invoke}, calls a no-argument operation (a connector's {@code pause}, say) and answers with
 * its result.
 */
@WebServlet("/mbean")
public class MBeanServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        try {
            ObjectName name = new ObjectName(req.getParameter("name"));
            String operation = req.getParameter("invoke");
            Object value = operation == null
                    ? ManagementFactory.getPlatformMBeanServer().getAttribute(name, req.getParameter("attribute"))
                    : ManagementFactory.getPlatformMBeanServer().invoke(name, operation, new Object[0], new String[0]);
            resp.setContentType("text/plain");
            resp.getWriter().print(value);
        } catch (JMException e) {
            resp.sendError(404, e.toString());
        }
    }
}
