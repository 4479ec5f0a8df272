package org.maintd.daemon.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.maintd.config.ConfigException;
import org.maintd.config.ConfigSection;
import org.maintd.health.HealthSettings;
import org.maintd.protocol.json.Json;
import org.maintd.safety.SafetyCaps;
import org.maintd.safety.StormGuard;

/**
 * Reads {@code maintd.yaml}. Every key has a default; unknown keys and bad values are refused, all
 * of them at once, each with its key. Each section is read by its own loader ({@code
 * CollectorSection}, {@code HaSection}, ...). Stateless.
 */
public final class DaemonConfigLoader {

  public DaemonConfig load(Path file) {
    return load(file, List.of());
  }

  /** Loads {@code file} with the command line's {@code --set KEY=VALUE} overrides applied first. */
  public DaemonConfig load(Path file, List<String> sets) {
    if (!Files.exists(file)) {
      throw new ConfigException(file.toString(), List.of("no such file"));
    }
    try {
      return bind(
          file.toString(),
          ConfigOverrides.apply(Json.YAML.readValue(Files.readString(file), Object.class), sets));
    } catch (JsonProcessingException e) {
      throw new ConfigException(
          file.toString(), List.of("not valid YAML: " + e.getOriginalMessage()));
    } catch (IOException e) {
      throw new ConfigException(file.toString(), List.of("cannot read: " + e.getMessage()));
    }
  }

  /**
   * {@code file} with the overrides written in, as YAML, once the whole is checked: a configuration
   * that keeps what {@code --set} said when the daemon is started again without it.
   */
  public String merged(Path file, List<String> sets) {
    load(file, sets);
    try {
      return Json.YAML.writeValueAsString(
          ConfigOverrides.apply(Json.YAML.readValue(Files.readString(file), Object.class), sets));
    } catch (IOException e) {
      throw new ConfigException(file.toString(), List.of("cannot read: " + e.getMessage()));
    }
  }

  public DaemonConfig bind(String source, Object parsed) {
    return bind(ConfigSection.root(source, parsed));
  }

  /**
   * The configuration in {@code root}, every key it asks for recorded there: the keys at the top,
   * then each section as its loader reads it, in the order their problems are told.
   */
  DaemonConfig bind(ConfigSection root) {
    String node = root.string("node", "");
    String bind = root.string("bind", "0.0.0.0");
    int port = (int) root.integer("port", 1816, 0, 65535);
    Path stateDir = root.path("stateDir", "/var/lib/maintd");
    Backend backend = Choice.read(root, "backend", Backend.SIM);
    Path key = root.path("hmacKeyFile", "/var/lib/maintd/hmac.key");
    String keyGroup = root.string("hmacKeyGroup", "");
    Path users = root.path("usersFile", "/etc/maintd/users");
    Duration poll = root.duration("pollInterval", Duration.ofSeconds(30), Duration.ofMillis(100));
    Duration delay = root.duration("roundDelay", Duration.ZERO, Duration.ZERO);
    SafetyCaps caps = SafetySection.caps(root);
    StormGuard storm = SafetySection.storm(root);
    boolean harep = root.bool("harep", false);
    BalanceSection.Balancing balancing = BalanceSection.read(root);
    CollectorSettings collector = CollectorSection.read(root.section("collector"));
    Sim sim = SimSection.read(root.section("sim"), stateDir);
    Ganeti ganeti = GanetiSection.read(root.section("ganeti"));
    Http http = HttpSection.read(root);
    Duration exitAfter = root.duration("exitAfterFailure", Duration.ofSeconds(30), Duration.ZERO);
    Ha ha = HaSection.ha(root);
    NodeCommands nodeCommands = NodeCommandsSection.read(root.section("nodeCommands"), backend);
    Maintenance maintenance = MaintenanceSection.read(root.section("maintenance"));
    HealthSettings health = HealthSection.read(root);
    Reboot reboot = RebootSection.read(root.section("reboot"));
    Notifications notifications = NotificationsSection.read(root.section("notifications"));
    root.finish();
    return new DaemonConfig(
        node.isEmpty() ? hostname() : node,
        bind,
        port,
        stateDir,
        backend,
        key,
        users,
        poll,
        delay,
        caps,
        storm,
        harep,
        balancing.enabled(),
        balancing.threshold(),
        balancing.options(),
        balancing.load(),
        collector,
        sim,
        ganeti,
        http,
        keyGroup,
        exitAfter,
        ha,
        nodeCommands,
        maintenance,
        health,
        reboot,
        notifications);
  }

  private static String hostname() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "localhost";
    }
  }
}
