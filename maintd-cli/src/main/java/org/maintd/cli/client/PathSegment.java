package org.maintd.cli.client;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * One segment of an API path made of what an operator typed (a node's name, a key): percent-encoded
 * as UTF-8, so that the daemon, which decodes the path once, reads it back as it was typed (a
 * space, a slash, a question mark, a percent sign stay in the segment). A segment {@code .} or
 * {@code ..} cannot be sent: a URL resolves it away. Stateless.
 */
public final class PathSegment {
  private PathSegment() {}

  /** {@code text} as one segment; empty when no URL can carry it ({@code .} and {@code ..}). */
  public static Optional<String> of(String text) {
    if (text.equals(".") || text.equals("..")) {
      return Optional.empty();
    }
    return Optional.of(URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20"));
  }
}
