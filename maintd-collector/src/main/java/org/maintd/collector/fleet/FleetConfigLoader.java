package org.maintd.collector.fleet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.maintd.collector.config.CollectorConfig;
import org.maintd.config.ConfigException;
import org.maintd.config.ConfigSection;
import org.maintd.generate.ClusterSpec;
import org.maintd.protocol.json.Json;

/**
 * Reads a fleet's YAML file ({@code etc/demo/fleet.yaml} shows every key): unknown keys and bad
 * values are refused with their key; exactly one of {@code cluster} and {@code generate}.
 */
public final class FleetConfigLoader {
  static final int MAX_ADDRESSES = 32;

  public FleetConfig load(Path file) {
    Object parsed;
    try {
      parsed = Json.YAML.readValue(Files.readString(file), Object.class);
    } catch (IOException e) {
      throw new ConfigException(file.toString(), List.of("cannot read: " + e.getMessage()));
    }
    return bind(file.toString(), parsed);
  }

  public FleetConfig bind(String source, Object parsed) {
    ConfigSection root = ConfigSection.root(source, parsed);
    ConfigSection repair = root.section("repair");
    FleetConfig config =
        new FleetConfig(
            nodes(root),
            (int) root.integer("addresses", 16, 1, MAX_ADDRESSES),
            (int) root.integer("port", 0, 0, 65535),
            root.path("urlFile", "fleet-urls"),
            root.path("hmacKeyFile", "/var/lib/maintd/hmac.key"),
            root.string("hmacKeyGroup", ""),
            root.path("simDir", "/var/lib/maintd/sim/diagnose"),
            (int) root.integer("cpus", 16, 1, 100_000),
            root.path("masterFile", "/var/lib/maintd/sim/master"),
            repair.path("directory", "/etc/maintd/node-repair-commands"),
            repair.duration("timeout", Duration.ofSeconds(600), Duration.ofMillis(100)),
            repair.path("results", "/var/lib/maintd/collector/repairs"),
            (int) root.integer("outputLimit", 65536, 1024, 16 << 20),
            root.duration("maxSkew", Duration.ofSeconds(300), Duration.ofSeconds(1)),
            (int)
                root.integer(
                    "maxRequestBody", CollectorConfig.DEFAULT_MAX_REQUEST_BODY, 1024, 16 << 20),
            root.duration(
                "idleTimeout", CollectorConfig.DEFAULT_IDLE_TIMEOUT, Duration.ofMillis(100)));
    root.finish();
    return config;
  }

  private static FleetNodes nodes(ConfigSection root) {
    String spec = root.string("generate", "");
    Path cluster = root.optionalPath("cluster");
    if (spec.isBlank() && cluster == null) {
      root.problem("cluster", "is missing: give the cluster's htools file, or generate");
    } else if (!spec.isBlank() && cluster != null) {
      root.problem("generate", "cannot be given with cluster: remove one of them");
    } else if (!spec.isBlank()) {
      try {
        return new FleetNodes.Generated(ClusterSpec.parse(spec));
      } catch (IllegalArgumentException e) {
        root.problem("generate", e.getMessage());
      }
    }
    return new FleetNodes.ClusterFile(cluster == null ? Path.of("") : cluster);
  }
}
