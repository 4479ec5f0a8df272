package org.maintd.collector.config;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.maintd.config.ConfigException;
import org.maintd.config.ConfigSection;
import org.maintd.protocol.json.Json;

/** Reads {@code maintd-collector.yaml}: unknown keys and bad values are refused with their key. */
public final class CollectorConfigLoader {

  public CollectorConfig load(Path file) {
    Object parsed;
    try {
      parsed = Json.YAML.readValue(Files.readString(file), Object.class);
    } catch (IOException e) {
      throw new ConfigException(
          file.toString(), java.util.List.of("cannot read: " + e.getMessage()));
    }
    return bind(file.toString(), parsed);
  }

  public CollectorConfig bind(String source, Object parsed) {
    ConfigSection root = ConfigSection.root(source, parsed);
    ConfigSection diagnose = root.section("diagnose");
    ConfigSection repair = root.section("repair");
    ConfigSection load = root.section("load");
    CollectorConfig config =
        new CollectorConfig(
            root.string("node", ""),
            root.string("bind", "0.0.0.0"),
            (int) root.integer("port", 1815, 0, 65535),
            root.optionalPath("portFile"),
            root.path("hmacKeyFile", "/var/lib/maintd/hmac.key"),
            root.bool("signReports", true),
            diagnose.string("command", ""),
            diagnose.path("directory", "/etc/maintd/node-diagnose-commands"),
            diagnose.duration("timeout", Duration.ofSeconds(60), Duration.ofMillis(100)),
            repair.path("directory", "/etc/maintd/node-repair-commands"),
            repair.duration("timeout", Duration.ofSeconds(600), Duration.ofMillis(100)),
            repair.path("results", "/var/lib/maintd-collector/repairs"),
            (int) root.integer("outputLimit", 65536, 1024, 16 << 20),
            root.path("masterFile", "/var/lib/ganeti/ssconf_master_node"),
            root.duration("maxSkew", Duration.ofSeconds(300), Duration.ofSeconds(1)),
            root.path("bootIdFile", "/proc/sys/kernel/random/boot_id"),
            (int)
                root.integer(
                    "maxRequestBody", CollectorConfig.DEFAULT_MAX_REQUEST_BODY, 1024, 16 << 20),
            root.duration(
                "idleTimeout", CollectorConfig.DEFAULT_IDLE_TIMEOUT, Duration.ofMillis(100)),
            root.string("hmacKeyGroup", ""),
            load(load));
    if (!config.diagnoseCommand().isEmpty()
        && !config.diagnoseCommand().matches("[A-Za-z0-9_-]+")) {
      diagnose.problem(
          "command",
          "must match [A-Za-z0-9_-]+ (a name in the whitelist directory), not '"
              + config.diagnoseCommand()
              + "'");
    }
    root.finish();
    return config.node().isEmpty() ? config.withNode(hostname()) : config;
  }

  private static CollectorConfig.LoadSettings load(ConfigSection load) {
    CollectorConfig.LoadSettings d = CollectorConfig.LoadSettings.defaults();
    return new CollectorConfig.LoadSettings(
        load.path("statFile", d.statFile().toString()),
        load.duration("interval", d.interval(), Duration.ofMillis(100)),
        (int) load.integer("samples", d.samples(), 2, 100_000),
        (int) load.integer("ticks", d.ticks(), 1, 100_000),
        load.optionalPath("simulated"),
        (int) load.integer("cpus", d.cpus(), 1, 100_000),
        load.path("kvmPidDirectory", d.kvmPidDirectory().toString()),
        load.path("proc", d.proc().toString()));
  }

  private static String hostname() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "localhost";
    }
  }
}
