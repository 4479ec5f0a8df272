package org.maintd.daemon.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.maintd.config.ConfigSection;

/**
 * The keys of the API server in {@code maintd.yaml}: the {@code https} section ({@code
 * certificate}, and {@code key} when it is not in the certificate's file; both readable) and, at
 * the top, {@code maxRequestBody} and {@code idleTimeout}, each bad value told with its key.
 * Stateless.
 */
final class HttpSection {
  private HttpSection() {}

  static Http read(ConfigSection root) {
    ConfigSection https = root.section("https");
    Path certificate = https.optionalPath("certificate");
    Path tlsKey = https.optionalPath("key");
    if (certificate == null && tlsKey != null) {
      https.problem("key", "needs https.certificate: HTTPS is on only with a certificate");
    }
    for (Path pem : new Path[] {certificate, tlsKey}) {
      if (pem != null && !Files.isReadable(pem)) {
        https.problem(pem == certificate ? "certificate" : "key", "cannot read " + pem);
      }
    }
    Http d = Http.defaults();
    return new Http(
        (int) root.integer("maxRequestBody", d.maxRequestBody(), 1024, 64 << 20),
        root.duration("idleTimeout", d.idleTimeout(), Duration.ofMillis(100)),
        certificate,
        tlsKey == null ? certificate : tlsKey);
  }
}
