# Sourced by bench/sessions and bench/soak: the benchmarked Tomcat's MBeans are read with the JDK's
# JMX client (Main step-counters, jmx-sample), not through a web application of the server under
# test. Not a command of its own; the caller sets jmx_port.

# Options for the benchmarked JVM: its own JMX agent on jmx_port, on 127.0.0.1 only and without
# authentication, which only a benchmark on loopback may do.
jmx_remote_options() {
  echo "-Dcom.sun.management.jmxremote.port=$jmx_port -Dcom.sun.management.jmxremote.rmi.port=$jmx_port" \
    "-Dcom.sun.management.jmxremote.host=127.0.0.1 -Djava.rmi.server.hostname=127.0.0.1" \
    "-Dcom.sun.management.jmxremote.authenticate=false -Dcom.sun.management.jmxremote.ssl=false"
}
