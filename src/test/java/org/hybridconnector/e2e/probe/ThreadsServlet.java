package org.hybridconnector.e2e.probe;

import java.io.IOException;
import java.io.PrintWriter;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** Lists the names of the live threads of the server's JVM that start with {@code prefix}, one a line. */
@WebServlet("/threads")
public class ThreadsServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String prefix = req.getParameter("prefix");
        resp.setContentType("text/plain");
        PrintWriter out = resp.getWriter();
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.isAlive() && thread.getName().startsWith(prefix)) {
                out.println(thread.getName());
            }
        }
    }
}
