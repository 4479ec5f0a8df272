package org.maintd.http;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.jetty.util.URIUtil;

/**
 * Routes a method and a path to a handler: patterns are paths whose {@code {name}} segments match
 * any one non-empty segment of the path as sent, whose value is that segment percent-decoded once.
 * A path no pattern matches is 404; a path that matches only under other methods is 405 with the
 * methods allowed. {@code HEAD} goes where {@code GET} goes. Immutable once built; thread-safe.
 *
 * @param <H> what a route leads to
 */
public final class Router<H> {
  private final List<Route<H>> routes = new ArrayList<>();
  // the routes without parameters, by method and path: most requests are found here at once
  private final Map<String, H> exact = new HashMap<>();

  private record Route<H>(String method, String[] pattern, H handler) {}

  /** A matched route: its handler and the values of the pattern's {@code {name}} segments. */
  public record Match<H>(H handler, Map<String, String> params) {
    public String param(String name) {
      return params.get(name);
    }
  }

  /** A route as added: its method and its pattern, such as {@code /1/nodes/{node}/reboot}. */
  public record Endpoint(String method, String pattern) {}

  /** Every route, in the order added. */
  public List<Endpoint> endpoints() {
    return routes.stream()
        .map(r -> new Endpoint(r.method(), "/" + String.join("/", r.pattern())))
        .toList();
  }

  public Router<H> add(String method, String pattern, H handler) {
    String[] segments = segments(pattern);
    routes.add(new Route<>(method, segments, handler));
    if (!pattern.contains("{")) {
      exact.putIfAbsent(exactKey(method, pattern), handler);
    }
    return this;
  }

  /**
   * The route of {@code method} and {@code path}; {@link HttpError} 404 or 405 when there is none.
   */
  public Match<H> route(String method, String path) {
    String wanted = method.equals("HEAD") ? "GET" : method;
    H found = exact.get(exactKey(wanted, path));
    if (found != null) {
      return new Match<>(found, Map.of());
    }
    String[] parts = segments(path);
    Set<String> allowed = new LinkedHashSet<>();
    for (Route<H> r : routes) {
      Map<String, String> params = match(r.pattern(), parts);
      if (params == null) {
        continue;
      }
      if (r.method().equals(wanted)) {
        return new Match<>(r.handler(), params);
      }
      allowed.add(r.method());
    }
    if (allowed.isEmpty()) {
      throw HttpError.notFound("no such resource: " + method + " " + path);
    }
    if (allowed.contains("GET")) {
      allowed.add("HEAD");
    }
    throw new MethodNotAllowed(method, path, allowed);
  }

  private static Map<String, String> match(String[] pattern, String[] parts) {
    if (pattern.length != parts.length) {
      return null;
    }
    Map<String, String> params = new LinkedHashMap<>();
    for (int i = 0; i < pattern.length; i++) {
      if (pattern[i].startsWith("{") && pattern[i].endsWith("}")) {
        if (parts[i].isEmpty()) {
          return null;
        }
        params.put(pattern[i].substring(1, pattern[i].length() - 1), decoded(parts[i]));
      } else if (!pattern[i].equals(parts[i])) {
        return null;
      }
    }
    return params;
  }

  /** A segment of the path as sent, percent-decoded once (a key {@code a%20b} is {@code a b}). */
  private static String decoded(String segment) {
    if (segment.indexOf('%') < 0) {
      return segment;
    }
    try {
      return URIUtil.decodePath(segment);
    } catch (IllegalArgumentException e) {
      throw HttpError.badRequest(
          "the path segment '" + segment + "' is not percent-encoded UTF-8: " + e.getMessage());
    }
  }

  private static String exactKey(String method, String path) {
    return method + " " + (path.startsWith("/") ? path.substring(1) : path);
  }

  private static String[] segments(String path) {
    String p = path.startsWith("/") ? path.substring(1) : path;
    return p.isEmpty() ? new String[0] : p.split("/", -1);
  }

  /** No route for this method; {@link #allowed()} lists the methods that have one. */
  public static final class MethodNotAllowed extends HttpError {
    private final Set<String> allowed;

    MethodNotAllowed(String method, String path, Set<String> allowed) {
      super(
          405,
          "method-not-allowed",
          method + " is not supported on " + path + "; use " + String.join(", ", allowed));
      this.allowed = Set.copyOf(allowed);
    }

    public String allowHeader() {
      return String.join(", ", allowed.stream().sorted().toList());
    }

    public Set<String> allowed() {
      return allowed;
    }
  }
}
