package org.maintd.collector.fleet;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.maintd.collector.http.CollectorHandler;
import org.maintd.http.HttpJson;

/**
 * Routes {@code /node/NAME/PATH} to node NAME's collector endpoints as {@code PATH}; each node's
 * handler is made at its first request. A name the fleet does not hold, or a path outside {@code
 * /node/}, answers 404. Thread-safe.
 */
final class FleetHandler extends Handler.Abstract {
  static final String PREFIX = "/node/";

  private final Set<String> nodes;
  private final Function<String, CollectorHandler> make;
  private final ConcurrentHashMap<String, CollectorHandler> handlers = new ConcurrentHashMap<>();

  FleetHandler(java.util.Collection<String> nodes, Function<String, CollectorHandler> make) {
    this.nodes = Set.copyOf(nodes);
    this.make = make;
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) {
    String path = Request.getPathInContext(request);
    if (!path.startsWith(PREFIX)) {
      return HttpJson.error(
          response, callback, 404, "not-found", "a fleet answers under /node/NAME/, not " + path);
    }
    int end = path.indexOf('/', PREFIX.length());
    String node = end < 0 ? path.substring(PREFIX.length()) : path.substring(PREFIX.length(), end);
    if (!nodes.contains(node)) {
      return HttpJson.error(
          response, callback, 404, "unknown-node", "this fleet has no node '" + node + "'");
    }
    String rest = end < 0 ? "/" : path.substring(end);
    return handlers.computeIfAbsent(node, make).serve(rest, request, response, callback);
  }
}
