package org.maintd.daemon.backend.ganeti;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** One RAPI request: method, path, JSON body. Immutable. */
record RapiCall(String method, String path, Map<String, Object> body) {
  /** {@code name} (a node's, an instance's, a tag) as it goes into a RAPI path or query. */
  static String encoded(String name) {
    return URLEncoder.encode(name, StandardCharsets.UTF_8);
  }

  /** The path of {@code action} on the instance {@code name}. */
  static String instancePath(String name, String action) {
    return "/2/instances/" + encoded(name) + "/" + action;
  }
}
