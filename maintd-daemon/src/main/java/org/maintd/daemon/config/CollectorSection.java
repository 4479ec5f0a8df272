package org.maintd.daemon.config;

import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.maintd.config.ConfigSection;

/**
 * The keys of the {@code collector} section of {@code maintd.yaml}: {@code urlTemplate} (with
 * {@code {node}}), {@code urls} (a URL per node), the timeouts, {@code allowUnsigned} and {@code
 * maxSkew}, each bad value told with its key. Stateless.
 */
final class CollectorSection {
  private CollectorSection() {}

  static CollectorSettings read(ConfigSection c) {
    String template = c.string("urlTemplate", "http://{node}:1815");
    if (!template.contains("{node}")) {
      c.problem("urlTemplate", "must contain {node}, not '" + template + "'");
    }
    ConfigSection entries = c.section("urls");
    Map<String, String> urls = new LinkedHashMap<>();
    for (String node : entries.keys()) {
      URI url = Urls.read(entries, node, null, List.of("http", "https"));
      if (url != null) {
        urls.put(node, url.toString());
      }
    }
    return new CollectorSettings(
        template,
        urls,
        c.duration("timeout", Duration.ofSeconds(5), Duration.ofMillis(10)),
        c.duration("repairTimeout", Duration.ofSeconds(660), Duration.ofSeconds(1)),
        c.bool("allowUnsigned", false),
        c.duration("maxSkew", Duration.ofSeconds(300), Duration.ofSeconds(1)));
  }
}
