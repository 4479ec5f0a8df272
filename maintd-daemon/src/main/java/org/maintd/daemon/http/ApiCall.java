package org.maintd.daemon.http;

import org.eclipse.jetty.util.Fields;
import org.maintd.http.Router;
import org.maintd.protocol.api.RequestBodies;

/**
 * One request to the API: the route's parameters, the query, the body (changes only) and who sent
 * it.
 */
public record ApiCall(Router.Match<ApiAction> match, Fields query, String body, String who) {
  public String param(String name) {
    return match.param(name);
  }

  /** The body bound to {@code type}; a body that does not fit is refused naming the field. */
  public <T> T body(Class<T> type) {
    return RequestBodies.bind(body, type);
  }
}
