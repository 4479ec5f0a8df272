package org.maintd.daemon.http;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jetty.util.Fields;

/**
 * The {@code Link} header of a list's page that has a next one: the same path and query, {@code
 * after=} the key of the page's last item ({@code </1/nodes?limit=50&after=node50>; rel="next"}).
 * Stateless.
 */
final class NextLink {
  private NextLink() {}

  static String of(String path, Fields query, String after) {
    List<String> parts = new ArrayList<>();
    for (Fields.Field f : query) {
      if (!f.getName().equals("after")) {
        parts.add(encode(f.getName()) + "=" + encode(f.getValue()));
      }
    }
    parts.add("after=" + encode(after));
    return "<" + path + "?" + String.join("&", parts) + ">; rel=\"next\"";
  }

  private static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20").replace("%2C", ",");
  }
}
