package org.maintd.daemon.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.maintd.config.ConfigException;
import org.maintd.config.ConfigSection;
import org.maintd.protocol.json.Json;
import org.maintd.safety.Allowance;
import org.maintd.safety.SafetyCaps;
import org.maintd.safety.StormGuard;

/**
 * Reads {@code maintd.yaml}. Every key has a default; unknown keys and bad values are refused, all
 * of them at once, each with its key.
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

  /** The configuration in {@code root}, every key it asks for recorded there. */
  DaemonConfig bind(ConfigSection root) {
    String node = root.string("node", "");
    String bind = root.string("bind", "0.0.0.0");
    int port = (int) root.integer("port", 1816, 0, 65535);
    Path stateDir = root.path("stateDir", "/var/lib/maintd");
    Backend backend = Backend.of(root.oneOf("backend", "sim", Backend.keys()));
    Path key = root.path("hmacKeyFile", "/var/lib/maintd/hmac.key");
    String keyGroup = root.string("hmacKeyGroup", "");
    Path users = root.path("usersFile", "/etc/maintd/users");
    Duration poll = root.duration("pollInterval", Duration.ofSeconds(30), Duration.ofMillis(100));
    Duration delay = root.duration("roundDelay", Duration.ZERO, Duration.ZERO);
    SafetyCaps caps =
        new SafetyCaps(allowance(root, "maxUnavailable", "1"), root.stringList("failureDomains"));
    StormGuard storm = new StormGuard(percentage(root, "stormThreshold", 30));
    boolean harep = root.bool("harep", false);
    BalanceSection.Balancing balancing = BalanceSection.read(root);
    CollectorSettings collector = collector(root.section("collector"));
    Sim sim = sim(root.section("sim"), stateDir);
    Ganeti ganeti = ganeti(root.section("ganeti"));
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
    Http http =
        new Http(
            (int) root.integer("maxRequestBody", Http.defaults().maxRequestBody(), 1024, 64 << 20),
            root.duration("idleTimeout", Http.defaults().idleTimeout(), Duration.ofMillis(100)),
            certificate,
            tlsKey == null ? certificate : tlsKey);
    Duration exitAfterFailure =
        root.duration("exitAfterFailure", Duration.ofSeconds(30), Duration.ZERO);
    Ha ha = HaSection.ha(root);
    NodeCommands nodeCommands = nodeCommands(root.section("nodeCommands"), backend);
    Maintenance maintenance = MaintenanceSection.read(root.section("maintenance"));
    org.maintd.health.HealthSettings health = HealthSection.read(root);
    Reboot reboot = RebootSection.read(root.section("reboot"));
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
        exitAfterFailure,
        ha,
        nodeCommands,
        maintenance,
        health,
        reboot);
  }

  private static NodeCommands nodeCommands(ConfigSection n, Backend backend) {
    NodeCommands d = NodeCommands.defaults();
    List<String> who = List.of("auto", "collector", "backend");
    String reboot = n.oneOf("reboot", d.reboot(), who);
    Duration hardAfter = n.duration("hardRebootAfter", d.hardRebootAfter(), Duration.ZERO);
    if (!hardAfter.isZero() && !NodeCommands.byCollector(reboot, backend)) {
      n.problem(
          "hardRebootAfter",
          "is the fall-back from a soft reboot through the collectors, but reboots go through the"
              + " backend here (nodeCommands.reboot: "
              + reboot
              + ", backend: "
              + backend
              + "), and every one is hard already; set nodeCommands.reboot: collector or leave"
              + " hardRebootAfter at 0s");
    }
    return new NodeCommands(
        reboot,
        command(n, "rebootCommand", d.rebootCommand()),
        n.oneOf("masterFailover", d.masterFailover(), who),
        command(n, "masterFailoverCommand", d.masterFailoverCommand()),
        n.duration("masterFailoverWait", d.masterFailoverWait(), Duration.ofSeconds(1)),
        hardAfter);
  }

  /** A whitelisted command's name: a plain file name, as the collector's whitelist takes it. */
  private static String command(ConfigSection c, String key, String fallback) {
    String name = c.string(key, fallback);
    if (!name.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
      c.problem(key, "must be a command name (letters, digits, '.', '_', '-'), not '" + name + "'");
      return fallback;
    }
    return name;
  }

  private static Allowance allowance(ConfigSection c, String key, String fallback) {
    String text = c.string(key, fallback);
    try {
      return Allowance.parse(text);
    } catch (IllegalArgumentException e) {
      c.problem(key, e.getMessage());
      return Allowance.parse(fallback);
    }
  }

  private static int percentage(ConfigSection c, String key, int fallback) {
    String text = c.string(key, fallback + "%");
    String digits =
        text.strip().endsWith("%") ? text.strip().substring(0, text.strip().length() - 1) : "";
    if (!digits.matches("[0-9]{1,3}") || Integer.parseInt(digits) > 100) {
      c.problem(key, "must be a percentage from 0% to 100% such as 30%, not '" + text + "'");
      return fallback;
    }
    return Integer.parseInt(digits);
  }

  /**
   * An absolute URL of one of {@code schemes} with a host; a problem naming the key otherwise, and
   * then the fallback (null when there is none).
   */
  static URI url(ConfigSection c, String key, String fallback, List<String> schemes) {
    String text = c.string(key, null);
    if (text == null) {
      return fallback == null ? null : URI.create(fallback);
    }
    try {
      URI uri = new URI(text);
      if (uri.getScheme() == null || !schemes.contains(uri.getScheme()) || uri.getHost() == null) {
        c.problem(
            key,
            "must be a "
                + String.join(" or ", schemes.stream().map(x -> x + "://").toList())
                + " URL with a host, not '"
                + text
                + "'");
        return fallback == null ? null : URI.create(fallback);
      }
      return uri;
    } catch (URISyntaxException e) {
      c.problem(
          key,
          "is not a URL (" + e.getReason() + " at index " + e.getIndex() + "): '" + text + "'");
      return fallback == null ? null : URI.create(fallback);
    }
  }

  private static CollectorSettings collector(ConfigSection c) {
    String template = c.string("urlTemplate", "http://{node}:1815");
    if (!template.contains("{node}")) {
      c.problem("urlTemplate", "must contain {node}, not '" + template + "'");
    }
    ConfigSection entries = c.section("urls");
    Map<String, String> urls = new LinkedHashMap<>();
    for (String node : entries.keys()) {
      URI url = url(entries, node, null, List.of("http", "https"));
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

  private static Sim sim(ConfigSection s, Path stateDir) {
    return new Sim(
        s.path("cluster", "/etc/maintd/demo/cluster.data"),
        s.path("diagnoseDir", stateDir.resolve("sim/diagnose").toString()),
        s.duration("operationTime", Duration.ofSeconds(1), Duration.ZERO),
        s.duration("timePerGiB", Duration.ZERO, Duration.ZERO),
        s.duration("bootTime", Duration.ofSeconds(5), Duration.ZERO),
        s.optionalPath("masterFile"),
        s.bool("followMaster", true),
        s.bool("shared", false),
        SimSection.generate(s));
  }

  private static Ganeti ganeti(ConfigSection g) {
    URI url = url(g, "rapiUrl", "https://127.0.0.1:5080", List.of("https"));
    return new Ganeti(
        url,
        g.string("certificate", "/var/lib/ganeti/rapi.pem").isEmpty()
            ? null
            : g.path("certificate", "/var/lib/ganeti/rapi.pem"),
        g.bool("verifyHostname", false),
        g.path("credentials", "/etc/maintd/rapi-credentials"),
        g.duration("timeout", Duration.ofSeconds(30), Duration.ofMillis(100)),
        (int) g.integer("readAttempts", 3, 1, 10));
  }

  private static String hostname() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "localhost";
    }
  }
}
