package org.hybridconnector.e2e.probe;

import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** Always fails: for error pages and async error handling. */
@WebServlet(urlPatterns = "/throw", asyncSupported = true)
public class ThrowServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws ServletException {
        throw new ServletException("a failing servlet (expected by the test)");
    }
}
