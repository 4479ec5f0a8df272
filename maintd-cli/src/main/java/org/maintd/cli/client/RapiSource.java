package org.maintd.cli.client;

import java.net.URI;
import java.nio.file.Path;

/**
 * Where {@code -m} reads a cluster from, as the htools read it: a RAPI URL, or with {@code
 * file://DIR} the answers saved in {@code DIR} ({@code groups.json}, {@code nodes.json}, {@code
 * instances.json}, {@code info.json}).
 */
public sealed interface RapiSource {
  /** Ganeti's RAPI port. */
  int DEFAULT_PORT = 5080;

  /** RAPI at {@code base} ({@code https://host:port}). */
  record Http(URI base) implements RapiSource {}

  /** RAPI's answers saved as files in {@code dir}. */
  record Directory(Path dir) implements RapiSource {}

  /**
   * The source {@code -m address} names: {@code file://DIR}; a URL ({@code scheme://...}) as it is;
   * {@code host:port} over HTTPS; a bare host (or {@code [IPv6]}) at {@code https://host:5080}.
   * Throws {@link IllegalArgumentException} naming an address that is none of these.
   */
  static RapiSource parse(String address) {
    if (address.startsWith("file://")) {
      return new Directory(Path.of(address.substring("file://".length())));
    }
    String url;
    if (address.contains("://")) {
      url = address;
    } else if (address.matches("[^:\\[\\]/]+|\\[[0-9A-Fa-f:.]+\\]")) {
      url = "https://" + address + ":" + DEFAULT_PORT;
    } else {
      url = "https://" + address;
    }
    try {
      URI uri = new URI(url.replaceAll("/+$", ""));
      if (uri.getHost() == null || !uri.getScheme().matches("https?")) {
        throw new IllegalArgumentException("not a RAPI address: " + address);
      }
      return new Http(uri);
    } catch (java.net.URISyntaxException e) {
      throw new IllegalArgumentException(
          "not a RAPI address: " + address + " (" + e.getReason() + ")");
    }
  }
}
