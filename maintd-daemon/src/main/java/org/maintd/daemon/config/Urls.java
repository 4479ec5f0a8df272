package org.maintd.daemon.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import org.maintd.config.ConfigSection;

/**
 * A key of {@code maintd.yaml} that holds a URL: an absolute one of the schemes it allows, with a
 * host; anything else is a problem naming the key and the text. Stateless.
 */
final class Urls {
  private Urls() {}

  /**
   * An absolute URL of one of {@code schemes} with a host; a problem naming the key otherwise, and
   * then the fallback (null when there is none).
   */
  static URI read(ConfigSection c, String key, String fallback, List<String> schemes) {
    String text = c.string(key, null);
    if (text == null) {
      return fallback == null ? null : URI.create(fallback);
    }
    try {
      URI uri = new URI(text);
      if (uri.getScheme() == null || !schemes.contains(uri.getScheme()) || uri.getHost() == null) {
        c.problem(
            key,
            "must be a "
                + String.join(" or ", schemes.stream().map(x -> x + "://").toList())
                + " URL with a host, not '"
                + text
                + "'");
        return fallback == null ? null : URI.create(fallback);
      }
      return uri;
    } catch (URISyntaxException e) {
      c.problem(
          key,
          "is not a URL (" + e.getReason() + " at index " + e.getIndex() + "): '" + text + "'");
      return fallback == null ? null : URI.create(fallback);
    }
  }
}
