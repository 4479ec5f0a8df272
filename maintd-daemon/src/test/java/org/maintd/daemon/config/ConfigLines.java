package org.maintd.daemon.config;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.maintd.config.ConfigException;
import org.maintd.protocol.json.Json;

/** A configuration for tests, written as the lines of a {@code maintd.yaml}. */
final class ConfigLines {
  private ConfigLines() {}

  /** The configuration {@code lines} make, as the loader binds {@code maintd.yaml}. */
  static DaemonConfig bind(String... lines) throws Exception {
    return new DaemonConfigLoader()
        .bind("maintd.yaml", Json.YAML.readValue(String.join("\n", lines), Object.class));
  }

  /** The problems the loader finds in {@code lines}; fails when it finds none. */
  static List<String> problems(String... lines) {
    return assertThrows(ConfigException.class, () -> bind(lines)).problems();
  }
}
