package org.maintd.daemon.http;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.maintd.http.HttpError;

/**
 * Changes a browser sends from a page of another site are refused before their credentials are
 * looked at: a browser that once held basic-auth credentials for the daemon would otherwise send
 * them with a form another site posts (cross-site request forgery). A request says where it comes
 * from in {@code Sec-Fetch-Site} ({@code cross-site}) or {@code Origin} (another host and port than
 * the one it was sent to); maintctl, scripts and curl send neither, the daemon's own page its own
 * origin. Stateless.
 */
final class CrossSite {
  private CrossSite() {}

  /** The refusal (403) of {@code headers}' change when a browser sent it from another site. */
  static Optional<HttpError> refusal(HttpFields headers) {
    String site = headers.get("Sec-Fetch-Site");
    String origin = headers.get(HttpHeader.ORIGIN);
    if (!"cross-site".equalsIgnoreCase(site)
        && (origin == null || sameHost(origin, headers.get(HttpHeader.HOST)))) {
      return Optional.empty();
    }
    return Optional.of(
        new HttpError(
            403,
            "forbidden",
            "a change sent by a page of another site ("
                + (origin == null ? "Sec-Fetch-Site: cross-site" : "Origin " + origin)
                + ") is refused: send changes with maintctl, a script, or this daemon's own page"));
  }

  /** Whether {@code origin} names the host and port of {@code host} (the Host header). */
  private static boolean sameHost(String origin, String host) {
    if (host == null) {
      return false;
    }
    try {
      URI o = new URI(origin);
      if (o.getHost() == null) {
        return false;
      }
      String authority = o.getHost() + (o.getPort() < 0 ? "" : ":" + o.getPort());
      return authority.toLowerCase(Locale.ROOT).equals(host.toLowerCase(Locale.ROOT))
          || (o.getPort() < 0
              && host.toLowerCase(Locale.ROOT).equals(o.getHost() + defaultPort(o)));
    } catch (URISyntaxException e) {
      return false;
    }
  }

  private static String defaultPort(URI o) {
    return "https".equalsIgnoreCase(o.getScheme()) ? ":443" : ":80";
  }
}
