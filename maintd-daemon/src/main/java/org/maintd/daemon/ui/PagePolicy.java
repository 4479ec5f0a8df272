package org.maintd.daemon.ui;

import java.util.List;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.PreEncodedHttpField;

/**
 * What the status page tells the browser it may do: scripts, styles, images and requests only from
 * the daemon itself (styles also in the page's own attributes, which draw its bars and timeline),
 * no framing by another site, no guessing of content types, no referrer sent elsewhere. Immutable.
 */
final class PagePolicy {
  static final List<HttpField> HEADERS =
      List.of(
          new PreEncodedHttpField(
              "Content-Security-Policy",
              "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:;"
                  + " object-src 'none'; base-uri 'none'; form-action 'self';"
                  + " frame-ancestors 'none'"),
          new PreEncodedHttpField("X-Content-Type-Options", "nosniff"),
          new PreEncodedHttpField("Referrer-Policy", "same-origin"));

  private PagePolicy() {}
}
