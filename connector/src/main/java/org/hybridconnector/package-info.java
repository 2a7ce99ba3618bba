/**
 * The hybrid connector: Tomcat's own HTTP/1.1 processing (Coyote's {@code Http11Processor}) over
 * an endpoint after Carrera et al.'s hybrid architecture. One package, whose class names carry
 * the map: its classes talk through package-private methods, so that the only public types on
 * Tomcat's common class path are {@link org.hybridconnector.HybridProtocol} (named in
 * {@code server.xml}), {@link org.hybridconnector.HybridEndpoint} and the two channel base
 * classes the benchmarks' baselines extend.
 *
 * <h2>The path of a request</h2>
 * <ol>
 * <li><b>Acceptor</b> (Tomcat's {@code Acceptor} thread): before each {@code accept()} it waits at
 * the {@link org.hybridconnector.admission.AcceptorGate} until the admission policy's connection
 * gate lets one more connection in, then at {@code maxConnections}.
 * {@link org.hybridconnector.HybridEndpoint#setSocketOptions} makes a {@link Connection} (and its
 * {@link HybridSocketWrapper}), gives it the permits admission handed out (its arrival as work on
 * its way, a session place if any) and asks the selector to register it.</li>
 * <li><b>Park</b> (the {@link SelectorLoop} thread): the connection waits in the selector holding
 * no worker and, between requests, no buffer ({@link BufferPool}). The loop reports readiness to
 * the connection ({@link Selectable}); the {@link Connection} reads what has arrived of a request
 * head without blocking ({@link HeadScanner}, by the protocol's {@link HeadRules}) and keeps its
 * deadlines in {@link Parks}.</li>
 * <li><b>Answered from the cache</b> (with {@code responseCache} on): a complete, well-formed head
 * ({@link RequestHead}) that the {@link org.hybridconnector.cache.ResponseCache} can answer is
 * answered by the selector ({@link Accelerator}): a {@link CachedReply} is sent as the socket
 * takes it, a {@link Transfer} like a file's, and reported to Tomcat by {@link SelfServedLog}; no
 * worker is involved. Any other head goes on, with a {@link ResponseCapture} if the cache can learn
 * from its response.</li>
 * <li><b>Head complete</b> (or refused, as Coyote would refuse it): the connection asks the {@link Dispatcher}, which asks the policy's
 * request gate ({@link PeekedRequest}, {@link HeadPeek}; a new session may be turned away here
 * with {@link OverloadResponse}, which {@link SelfServedLog} still reports to Tomcat's access log
 * and request counters, on a utility thread, as a {@link SelfServed} response translated by
 * {@link HeadRequest}), picks the worker pool by the request's path
 * ({@link WorkerPools}) and takes the request's
 * {@link org.hybridconnector.admission.RequestPermit}.</li>
 * <li><b>Dispatch</b>: a {@link ServeTask} is queued on the pool; the request counts as ready
 * work until a worker starts it.</li>
 * <li><b>Worker</b>: the task runs Coyote on the {@link HybridSocketWrapper}; reads and writes
 * that must wait do so on a {@link ReadinessWaiter}, bounded by {@code connectionTimeout}; bytes
 * go through the connection's {@link Transport} ({@link PlainTransport} or
 * {@link TlsTransport}, whose handshake the task advances step by step).</li>
 * <li><b>Coyote</b>: {@code Http11Processor} parses the head, runs Catalina and the servlet,
 * and writes the response; a large static file is started by the worker and finished by the
 * selector ({@link FileTransfer}).</li>
 * <li><b>Hand back</b>: when Coyote returns, the wrapper passes what it asked for (the next head,
 * more bytes, a writable socket, a file to finish) to the selector through {@link HandBack} (its
 * {@link QueuedHandBack}), the capture, if any, stores the response or invalidates after it, the
 * permit is released, and the connection parks again; for the next head only if no other turn was
 * queued for it meanwhile ({@link Turns}).</li>
 * <li><b>Upgraded protocols</b> (HTTP/2, WebSocket, any {@code InternalHttpUpgradeHandler}) may use
 * Coyote's asynchronous vectored I/O ({@code useAsyncIO}, on by default):
 * {@link VectoredSocketWrapper} moves what the socket takes now; an operation whose socket is not
 * ready waits in the selector ({@link OperationWaits}, a {@link PendingOperation} with its own
 * time-out in {@link Parks}), holding no worker, and the {@link Dispatcher} hands it to a worker,
 * with a permit like a request, once the socket is ready or its time-out has passed; the worker
 * finishes it and runs its completion handler. A {@code BLOCK} operation's caller waits for the
 * socket itself, as blocking reads do.</li>
 * </ol>
 *
 * <h2>Which thread may touch what</h2>
 * <ul>
 * <li>The selector thread alone touches the {@code Selector}, the keys, a {@link Connection}'s
 * state and {@link Parks}' queues; other threads queue a {@link SelectorLoop.Update}.</li>
 * <li>A connection's buffers belong to the selector while it is parked and to one worker while
 * it is dispatched; the hand-over through a queue publishes them. Turns queued for one connection
 * run one at a time under its lock, and the selector waits for the last ({@link Turns}).</li>
 * <li>The worker serving a connection owns its turn's fields in {@link HybridSocketWrapper};
 * Coyote's async path may raise events from other threads, which go through the
 * {@link Dispatcher} like the selector's. An asynchronous operation is run by one thread at a
 * time: its caller, then each worker the selector hands it to; a read and a write may run at once,
 * as on stock NIO.</li>
 * <li>The response cache's lookups are the selector's and its stores the workers'. Its
 * invalidations are made by the thread that serves an unsafe request, a worker or an HTTP/2
 * stream's ({@link InvalidatingAdapter}), and by the deployer's when a web application stops
 * ({@link ContextWatcher}); rarely, the selector thread ends a change still open when it closes a
 * connection. It is thread-safe.</li>
 * <li>Permits may be released from any thread, exactly once; counts and figures
 * ({@link ConnectorStatistics}) are read from any thread.</li>
 * </ul>
 * <p>
 * Beside the path, the selector also answers a load balancer's agent checks with the admission
 * policy's room for new sessions ({@link AdmissionAgent}, on {@code agentPort}): a line per
 * check, no worker.
 * <p>
 * Before anything else, the protocol's {@code init} asks {@link SupportedTomcat} whether the
 * running Tomcat is a release whose endpoint API the connector fits, and refuses to start if not.
 * <p>
 * {@code admission} holds the policies that decide which work comes in, {@code workers} the
 * rules about the worker pools, {@code cache} the response cache's RFC 9111 rules and store; all
 * three are decisions and data with no threads of their own.
 */
package org.hybridconnector;
