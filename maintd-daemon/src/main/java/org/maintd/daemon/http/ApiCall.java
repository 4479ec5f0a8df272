package org.maintd.daemon.http;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.eclipse.jetty.util.Fields;
import org.maintd.http.Router;
import org.maintd.protocol.api.RequestBodies;

/**
 * One request to the API: the route's parameters, the query, the body (changes only), who sent it
 * and its {@code If-Match} header (changes only; empty when none).
 */
public record ApiCall(
    Router.Match<ApiAction> match,
    Fields query,
    String body,
    String who,
    java.util.Optional<String> ifMatch) {
  public String param(String name) {
    return match.param(name);
  }

  /**
   * What the answer to this read depends on besides the view: the route's parameters and the query,
   * in a canonical order.
   */
  public String readKey() {
    if (query.getSize() == 0 && match.params().isEmpty()) {
      return "";
    }
    Map<String, List<String>> q = new TreeMap<>();
    for (Fields.Field f : query) {
      q.put(f.getName(), f.getValues());
    }
    return new TreeMap<>(match.params()) + "?" + q;
  }

  /** The body bound to {@code type}; a body that does not fit is refused naming the field. */
  public <T> T body(Class<T> type) {
    return RequestBodies.bind(body, type);
  }
}
