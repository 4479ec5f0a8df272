package org.maintd.daemon.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.collector.config.CollectorConfig;
import org.maintd.collector.config.CollectorConfigLoader;
import org.maintd.config.ConfigException;
import org.maintd.config.ConfigSection;
import org.maintd.protocol.json.Json;
import org.maintd.safety.SafetyCaps;
import org.maintd.safety.StormGuard;

class DaemonConfigLoaderTest {
  private static final Path ETC = Path.of("..", "etc");

  @Test
  void theSampleConfigurationParsesToTheDocumentedDefaults() {
    DaemonConfig c = new DaemonConfigLoader().load(ETC.resolve("maintd.yaml"));
    assertEquals(1816, c.port());
    assertEquals(Duration.ofSeconds(30), c.pollInterval());
    assertEquals(Duration.ZERO, c.roundDelay());
    assertEquals("http://{node}:1815", c.collector().urlTemplate());
    assertEquals(false, c.collector().allowUnsigned());
    assertEquals(SafetyCaps.defaults(), c.caps());
    assertEquals(new StormGuard(30), c.storm());
    assertEquals(Duration.ofSeconds(5), c.sim().bootTime());
    assertEquals(null, c.sim().masterFile());
    assertEquals(true, c.sim().followMaster());
    assertEquals(Ganeti.defaults(), c.ganeti());
    assertEquals(Maintenance.defaults(), c.maintenance());
    assertEquals(Reboot.defaults(), c.reboot());
    DaemonConfig defaults = new DaemonConfigLoader().bind("empty", null);
    assertEquals(defaults.withOverrides(null, null).collector(), c.collector());
    assertEquals(defaults.port(), c.port());
    assertEquals(defaults.hmacKeyFile(), c.hmacKeyFile());
    assertEquals(new WhoLeads.Master(new Store.InFile()), c.ha().leadership());
    assertEquals(Backend.SIM, c.backend());
  }

  @Test
  void zooKeeperTlsOffersTls13And12ByDefaultAndRefusesVersionsAndSuitesTheJvmLacks(
      @TempDir Path dir) throws Exception {
    Path ca = Files.writeString(dir.resolve("ca.pem"), "");
    Path file = dir.resolve("maintd.yaml");
    String tls =
        "store: zookeeper\nzookeeper:\n  connect: zk1:2181\n  acl: open\n  tls:\n    trustStore: "
            + ca
            + "\n";
    Files.writeString(file, tls);
    ZooKeeper.Tls d = zookeeper(new DaemonConfigLoader().load(file)).tls();
    assertEquals(List.of("TLSv1.3", "TLSv1.2"), d.offered());
    assertEquals("TLSv1.3", d.protocol());
    assertEquals(List.of(), d.cipherSuites());

    Files.writeString(file, tls + "    enabledProtocols: []\n    protocol: TLSv1.2\n");
    assertEquals(
        List.of("TLSv1.2"), zookeeper(new DaemonConfigLoader().load(file)).tls().offered());

    Files.writeString(
        file,
        tls
            + "    enabledProtocols: [TLSv1.3, TLSv9]\n    protocol: TLSv1.2\n"
            + "    cipherSuites: [TLS_AES_128_GCM_SHA256, TLS_NO_SUCH_SUITE]\n");
    assertEquals(
        List.of(
            "zookeeper.tls.enabledProtocols: this JVM does not support 'TLSv9'",
            "zookeeper.tls.protocol: TLSv1.2 is not one of enabledProtocols [TLSv1.3, TLSv9]",
            "zookeeper.tls.cipherSuites: this JVM does not support 'TLS_NO_SUCH_SUITE'"),
        assertThrows(ConfigException.class, () -> new DaemonConfigLoader().load(file)).problems());
  }

  /** The ZooKeeper settings of a configuration whose state is in ZooKeeper. */
  private static ZooKeeper zookeeper(DaemonConfig config) {
    return assertInstanceOf(Store.InZooKeeper.class, config.store()).zookeeper();
  }

  /** Every key the loader reads is shown in etc/maintd.yaml, so that none is undocumented. */
  @Test
  void theSampleConfigurationShowsEveryKeyTheLoaderReads() throws Exception {
    Object sample = Json.YAML.readValue(Files.readString(ETC.resolve("maintd.yaml")), Object.class);
    ConfigSection root = ConfigSection.root("maintd.yaml", sample);
    new DaemonConfigLoader().bind(root);
    List<String> missing =
        root.asked().stream().filter(key -> !shows(sample, key.split("\\."))).toList();
    assertTrue(root.asked().contains("balance.excludeInstances"), root.asked().toString());
    assertEquals(List.of(), missing, "read by the loader but not in etc/maintd.yaml");
  }

  private static boolean shows(Object yaml, String[] path) {
    Object at = yaml;
    for (String part : path) {
      if (!(at instanceof java.util.Map<?, ?> map) || !map.containsKey(part)) {
        return false;
      }
      at = map.get(part);
    }
    return true;
  }

  @Test
  void theSampleCollectorConfigurationParsesToTheDocumentedDefaults() {
    CollectorConfig c = new CollectorConfigLoader().load(ETC.resolve("maintd-collector.yaml"));
    assertEquals(1815, c.port());
    assertEquals(Duration.ofSeconds(60), c.diagnoseTimeout());
    assertEquals(Duration.ofSeconds(600), c.repairTimeout());
    assertEquals(65536, c.outputLimit());
    assertEquals("", c.diagnoseCommand());
  }

  @Test
  void refusesUnknownKeysAndBadValuesNamingEachKey(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("maintd.yaml");
    Files.writeString(
        file,
        String.join(
            "\n",
            "port: 99999",
            "pollInterval: often",
            "backend: vmware",
            "colector:",
            "  timeout: 5s",
            "collector:",
            "  urlTemplate: http://example:1815",
            "  allowUnsigned: maybe",
            "maxUnavailable: two",
            "stormThreshold: 30",
            "failureDomains: rack",
            "sim:",
            "  bootTime: -1s",
            "  followMaster: sometimes",
            "ganeti:",
            "  rapiUrl: http://master:5080",
            "  readAttempts: 0",
            ""));
    ConfigException e =
        assertThrows(ConfigException.class, () -> new DaemonConfigLoader().load(file));
    List<String> p = e.problems();
    assertTrue(p.contains("port: must be between 0 and 65535, not 99999"), p.toString());
    assertTrue(
        p.contains(
            "pollInterval: 'often' is not a duration (a number followed by ms, s, m, h or d, e.g. 30s)"),
        p.toString());
    assertTrue(p.contains("backend: must be one of [sim, ganeti], not 'vmware'"), p.toString());
    assertTrue(p.contains("colector: unknown key"), p.toString());
    assertTrue(
        p.contains("collector.urlTemplate: must contain {node}, not 'http://example:1815'"),
        p.toString());
    assertTrue(
        p.contains("collector.allowUnsigned: must be true or false, not 'maybe'"), p.toString());
    assertTrue(
        p.contains(
            "maxUnavailable: expected a count such as 1 or a percentage such as 25%, not 'two'"),
        p.toString());
    assertTrue(
        p.contains("stormThreshold: must be a percentage from 0% to 100% such as 30%, not '30'"),
        p.toString());
    assertTrue(p.contains("failureDomains: must be a list, not rack"), p.toString());
    assertTrue(p.stream().anyMatch(x -> x.startsWith("sim.bootTime: ")), p.toString());
    assertTrue(
        p.contains("sim.followMaster: must be true or false, not 'sometimes'"), p.toString());
    assertTrue(
        p.contains("ganeti.rapiUrl: must be a https:// URL with a host, not 'http://master:5080'"),
        p.toString());
    assertTrue(p.stream().anyMatch(x -> x.startsWith("ganeti.readAttempts: ")), p.toString());
    assertTrue(e.getMessage().startsWith(file + ": 13 problem(s)"), e.getMessage());
  }

  @Test
  void mistakesThatOnceEndedInAStackTraceOrPassedInSilenceAreNamedByKey(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("maintd.yaml");
    Files.writeString(
        file,
        String.join(
            "\n",
            "stateDir: \"/var/lib/ma\\0intd\"",
            "ganeti:",
            "  rapiUrl: \"https://bad host:5080\"",
            "  credentials: \"/etc/\\0creds\"",
            "collector:",
            "  urls:",
            "    n1: [http://a:1815, http://b:1815]",
            "    n2: ftp://n2:1815",
            "    n3: \"http://bad host:1815\"",
            "    n4: http://10.0.0.4:1815",
            ""));
    ConfigException e =
        assertThrows(ConfigException.class, () -> new DaemonConfigLoader().load(file));
    List<String> p = e.problems();
    assertTrue(
        p.contains(
            "stateDir: is not a valid path (Nul character not allowed): '/var/lib/ma\\0intd'"),
        p.toString());
    assertTrue(
        p.contains(
            "ganeti.rapiUrl: is not a URL (Illegal character in authority at index 8): 'https://bad host:5080'"),
        p.toString());
    assertTrue(
        p.stream().anyMatch(x -> x.startsWith("ganeti.credentials: is not a valid path")),
        p.toString());
    assertTrue(
        p.contains("collector.urls.n1: must be a single value, not [http://a:1815, http://b:1815]"),
        p.toString());
    assertTrue(
        p.contains(
            "collector.urls.n2: must be a http:// or https:// URL with a host, not 'ftp://n2:1815'"),
        p.toString());
    assertTrue(
        p.stream().anyMatch(x -> x.startsWith("collector.urls.n3: is not a URL")), p.toString());
    assertEquals(6, p.size(), p.toString());
  }

  @Test
  void highAvailabilityMistakesAreNamedByKey(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("maintd.yaml");
    Files.writeString(
        file,
        String.join(
            "\n",
            "leadership: zookeeper",
            "advertiseUrl: ftp://node1",
            "zookeeper:",
            "  connect: zk1:2181,zk2",
            "  chroot: maintd/",
            "  sessionTimeout: 10ms",
            ""));
    List<String> p =
        assertThrows(ConfigException.class, () -> new DaemonConfigLoader().load(file)).problems();
    assertTrue(
        p.contains(
            "leadership: zookeeper needs store: zookeeper (standbys read the leader's state from it)"),
        p.toString());
    assertTrue(
        p.contains(
            "advertiseUrl: must be a http:// or https:// URL with a host, not 'ftp://node1'"),
        p.toString());
    assertTrue(
        p.contains(
            "zookeeper.connect: must be host:port[,host:port...] with ports from 1 to 65535, not"
                + " 'zk1:2181,zk2'"),
        p.toString());
    assertTrue(
        p.stream().anyMatch(x -> x.startsWith("zookeeper.chroot: must be an absolute")),
        p.toString());
    assertTrue(p.stream().anyMatch(x -> x.startsWith("zookeeper.sessionTimeout:")), p.toString());
    assertTrue(
        p.stream().anyMatch(x -> x.startsWith("zookeeper.credentialsFile: is required")),
        p.toString());
    assertEquals(6, p.size(), p.toString());

    Files.writeString(file, "store: zookeeper\nzookeeper:\n  acl: open\n");
    assertEquals(
        List.of("zookeeper.connect: must name the ZooKeeper servers when store is zookeeper"),
        assertThrows(ConfigException.class, () -> new DaemonConfigLoader().load(file)).problems());
  }

  @Test
  void leadershipAndStoreAreReadAsOneWayToRunAndBadValuesAreNamedByKey(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("maintd.yaml");
    String zk = "zookeeper:\n  connect: zk1:2181\n  acl: open\n";
    Files.writeString(file, "leadership: standby\n");
    assertEquals(
        new WhoLeads.Standby(new Store.InFile()),
        new DaemonConfigLoader().load(file).ha().leadership());
    Files.writeString(file, "store: zookeeper\n" + zk);
    DaemonConfig master = new DaemonConfigLoader().load(file);
    assertEquals(new WhoLeads.Master(master.store()), master.ha().leadership());
    assertEquals("zk1:2181", zookeeper(master).connect());
    Files.writeString(file, "store: zookeeper\nleadership: zookeeper\nbackend: ganeti\n" + zk);
    DaemonConfig elected = new DaemonConfigLoader().load(file);
    WhoLeads.Elected who = assertInstanceOf(WhoLeads.Elected.class, elected.ha().leadership());
    assertEquals(who.zookeeper(), zookeeper(elected));
    assertEquals(Duration.ofSeconds(15), who.noLeaderAfter());
    assertEquals(Backend.GANETI, elected.backend());

    Files.writeString(file, "store: etcd\nleadership: raft\nbackend: Sim\n");
    assertEquals(
        List.of(
            "backend: must be one of [sim, ganeti], not 'Sim'",
            "store: must be one of [file, zookeeper], not 'etcd'",
            "leadership: must be one of [master, standby, zookeeper], not 'raft'"),
        assertThrows(ConfigException.class, () -> new DaemonConfigLoader().load(file)).problems());
  }

  @Test
  void theZooKeeperStoreWithoutCredentialsIsRefusedNamingTheSettingAndTheCommandThatMakesIt(
      @TempDir Path dir) throws Exception {
    Path file = dir.resolve("maintd.yaml");
    Files.writeString(
        file, "store: zookeeper\nleadership: zookeeper\nzookeeper:\n  connect: zk1:2181\n");
    List<String> p =
        assertThrows(ConfigException.class, () -> new DaemonConfigLoader().load(file)).problems();
    assertEquals(1, p.size(), p.toString());
    assertTrue(p.get(0).startsWith("zookeeper.credentialsFile: is required"), p.get(0));
    assertTrue(
        p.get(0).contains("(umask 077; echo \"maintd:$(head -c 24 /dev/urandom | base64)\" >"),
        p.get(0));
    assertTrue(p.get(0).contains("zookeeper.acl: open"), p.get(0));

    Files.writeString(
        file,
        "store: zookeeper\nzookeeper:\n  connect: zk1:2181\n  acl: sasl\n  tls:\n"
            + "    keyStore: /nonexistent/client.pem\n");
    assertEquals(
        List.of(
            "zookeeper.saslUser: must name the SASL user maintd logs in as when acl is sasl",
            "zookeeper.tls.keyStore: needs trustStore: TLS is on only with a trust store",
            "zookeeper.tls.keyStore: cannot read /nonexistent/client.pem"),
        assertThrows(ConfigException.class, () -> new DaemonConfigLoader().load(file)).problems());

    Files.writeString(file, "store: zookeeper\nzookeeper:\n  connect: zk1:2181\n  acl: open\n");
    DaemonConfig open = new DaemonConfigLoader().load(file);
    assertEquals("open", zookeeper(open).acl());
    assertFalse(zookeeper(open).tls().enabled());
  }

  @Test
  void aHardRebootFallBackIsOnlyForSoftRebootsThroughTheCollectors(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("maintd.yaml");
    Files.writeString(file, "backend: sim\nnodeCommands:\n  hardRebootAfter: 10m\n");
    List<String> p =
        assertThrows(ConfigException.class, () -> new DaemonConfigLoader().load(file)).problems();
    assertEquals(1, p.size(), p.toString());
    assertTrue(
        p.get(0).startsWith("nodeCommands.hardRebootAfter: is the fall-back from a soft reboot")
            && p.get(0).contains("nodeCommands.reboot: auto, backend: sim"),
        p.toString());

    Files.writeString(file, "nodeCommands:\n  reboot: collector\n  hardRebootAfter: -1s\n");
    assertTrue(
        assertThrows(ConfigException.class, () -> new DaemonConfigLoader().load(file))
            .problems()
            .stream()
            .anyMatch(x -> x.startsWith("nodeCommands.hardRebootAfter: ")));

    Files.writeString(file, "backend: ganeti\nnodeCommands:\n  hardRebootAfter: 10m\n");
    DaemonConfig ok = new DaemonConfigLoader().load(file);
    assertEquals(Duration.ofMinutes(10), ok.nodeCommands().hardRebootAfter());
  }

  @Test
  void refusesAFileThatIsNotYaml(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("maintd.yaml");
    Files.writeString(file, "port: [1816\n");
    ConfigException e =
        assertThrows(ConfigException.class, () -> new DaemonConfigLoader().load(file));
    assertTrue(e.getMessage().contains("not valid YAML"), e.getMessage());
    ConfigException missing =
        assertThrows(
            ConfigException.class, () -> new DaemonConfigLoader().load(dir.resolve("none.yaml")));
    assertTrue(missing.getMessage().contains("no such file"), missing.getMessage());
  }

  @Test
  void setOverridesKeysOfTheFileAndIsCheckedLikeTheFile(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("maintd.yaml");
    Files.writeString(file, "harep: false\ncollector:\n  timeout: 5s\n");
    DaemonConfig c =
        new DaemonConfigLoader()
            .load(
                file,
                List.of(
                    "harep=true",
                    "collector.timeout=10s",
                    "failureDomains=[\"rack:\"]",
                    "sim.bootTime=1s",
                    "stormThreshold=50%"));
    assertEquals(true, c.harep());
    assertEquals(Duration.ofSeconds(10), c.collector().timeout());
    assertEquals(List.of("rack:"), c.caps().failureDomainPrefixes());
    assertEquals(Duration.ofSeconds(1), c.sim().bootTime());
    assertEquals(new StormGuard(50), c.storm());

    ConfigException bad =
        assertThrows(
            ConfigException.class,
            () ->
                new DaemonConfigLoader()
                    .load(file, List.of("colector.timeout=10s", "harep=maybe")));
    assertTrue(bad.problems().contains("colector: unknown key"), bad.problems().toString());
    assertTrue(
        bad.problems().contains("harep: must be true or false, not 'maybe'"),
        bad.problems().toString());
    ConfigException syntax =
        assertThrows(
            ConfigException.class,
            () ->
                new DaemonConfigLoader().load(file, List.of("harep", "=1", "harep.x=1", "a..b=1")));
    assertEquals(
        List.of(
            "--set harep: expected KEY=VALUE, e.g. --set harep=true or --set collector.timeout=10s",
            "--set =1: expected KEY=VALUE, e.g. --set harep=true or --set collector.timeout=10s",
            "--set harep.x: 'harep' is not a section",
            "--set a..b=1: expected KEY=VALUE, e.g. --set harep=true or --set collector.timeout=10s"),
        syntax.problems());
  }
}
