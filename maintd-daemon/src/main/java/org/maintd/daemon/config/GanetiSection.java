package org.maintd.daemon.config;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.maintd.config.ConfigSection;

/**
 * The keys of the {@code ganeti} section of {@code maintd.yaml}: {@code rapiUrl} (https), {@code
 * certificate} (empty: the JVM's trust store), {@code verifyHostname}, {@code credentials}, {@code
 * timeout}, {@code readAttempts}, {@code slowAnswer}, {@code quickJobOverdue} and {@code
 * jobOverdue}, each bad value told with its key. Stateless.
 */
final class GanetiSection {
  private GanetiSection() {}

  static Ganeti read(ConfigSection g) {
    URI url = Urls.read(g, "rapiUrl", "https://127.0.0.1:5080", List.of("https"));
    return new Ganeti(
        url,
        g.string("certificate", "/var/lib/ganeti/rapi.pem").isEmpty()
            ? null
            : g.path("certificate", "/var/lib/ganeti/rapi.pem"),
        g.bool("verifyHostname", false),
        g.path("credentials", "/etc/maintd/rapi-credentials"),
        g.duration("timeout", Duration.ofSeconds(30), Duration.ofMillis(100)),
        (int) g.integer("readAttempts", 3, 1, 10),
        g.duration("slowAnswer", Duration.ofSeconds(5), Duration.ofMillis(1)),
        g.duration("quickJobOverdue", Duration.ofMinutes(10), Duration.ofSeconds(1)),
        g.duration("jobOverdue", Duration.ofHours(2), Duration.ofSeconds(1)));
  }
}
