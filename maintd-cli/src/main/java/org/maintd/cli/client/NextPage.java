package org.maintd.cli.client;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a list's next page starts, read from the daemon's {@code Link: </1/nodes?...&after=K>;
 * rel="next"} header: {@code K}, decoded. Stateless.
 */
final class NextPage {
  private static final Pattern NEXT =
      Pattern.compile("<[^>]*[?&]after=([^&>]*)[^>]*>\\s*;\\s*rel=\"next\"");

  private NextPage() {}

  /** The key the next page starts after; empty when the header links no next page. */
  static Optional<String> after(String link) {
    Matcher m = NEXT.matcher(link);
    return m.find()
        ? Optional.of(URLDecoder.decode(m.group(1), StandardCharsets.UTF_8))
        : Optional.empty();
  }
}
