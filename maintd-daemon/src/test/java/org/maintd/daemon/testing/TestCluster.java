package org.maintd.daemon.testing;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.maintd.balance.BalanceOptions;
import org.maintd.collector.app.Collector;
import org.maintd.collector.config.CollectorConfig;
import org.maintd.daemon.app.Daemon;
import org.maintd.daemon.config.Backend;
import org.maintd.daemon.config.CollectorSettings;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.config.Ganeti;
import org.maintd.daemon.config.Ha;
import org.maintd.daemon.config.Http;
import org.maintd.daemon.config.Maintenance;
import org.maintd.daemon.config.NodeCommands;
import org.maintd.daemon.config.Reboot;
import org.maintd.daemon.config.Sim;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.protocol.signing.RequestSignature;
import org.maintd.protocol.signing.SignedMessage;
import org.maintd.safety.SafetyCaps;
import org.maintd.safety.StormGuard;

/**
 * A small simulated cluster for end-to-end tests: real collectors (in this JVM, on ephemeral ports)
 * running real diagnose and repair scripts, and the daemon with the sim backend, talked to over
 * real HTTP. Nodes n1 (master) to n5 in one group.
 */
public final class TestCluster implements AutoCloseable {
  public static final String CLUSTER =
      String.join(
              "\n",
              "default|g-uuid|preferred||",
              "",
              "n1|16384|1024|15360|200000|200000|8|M|g-uuid|1||N|0|8|1.0",
              "n2|16384|1024|11264|200000|160000|8|N|g-uuid|1||N|0|8|1.0",
              "n3|16384|1024|14336|200000|180000|8|N|g-uuid|1||N|0|8|1.0",
              "n4|16384|1024|15360|200000|190000|8|N|g-uuid|1||N|0|8|1.0",
              "n5|16384|1024|15360|200000|200000|8|N|g-uuid|1||N|0|8|1.0",
              "",
              "web1|1024|10000|1|running|Y|n2|n3|drbd||1|-|N",
              "web2|1024|10000|1|ADMIN_down|Y|n2|n4|drbd||1|-|N",
              "db1|2048|0|2|running|Y|n2||sharedfile||1|-|N",
              "scratch|1024|10000|1|running|Y|n2||plain||1|-|N",
              "app1|1024|10000|1|running|Y|n3|n2|drbd||1|-|N",
              "",
              "",
              "")
          + "\n";

  private static final Duration WAIT =
      Duration.ofSeconds(
          (long) (60 * Double.parseDouble(System.getProperty("maintd.test.timeScale", "1"))));

  public final Path dir;
  public final Path keyFile;
  public final Path diagnoseDir;
  private final List<Collector> collectors = new ArrayList<>();
  private final Map<String, String> urls = new LinkedHashMap<>();
  private final HttpClient http = HttpClient.newHttpClient();
  private Daemon daemon;

  public TestCluster(Path dir) throws Exception {
    this(dir, CLUSTER);
  }

  /** A cluster from htools text whose master is {@code n1}; every node gets a collector. */
  public TestCluster(Path dir, String clusterText) throws Exception {
    this.dir = dir;
    this.keyFile = dir.resolve("hmac.key");
    Files.writeString(keyFile, "e2e-cluster-key\n");
    Files.setPosixFilePermissions(keyFile, PosixFilePermissions.fromString("rw-------"));
    this.diagnoseDir = dir.resolve("diagnose");
    Files.createDirectories(diagnoseDir);
    Files.writeString(dir.resolve("cluster.data"), clusterText);
    Files.writeString(dir.resolve("master"), "n1\n");
    Path repair = whitelist(dir.resolve("repair"));
    script(repair, "demo-fix", "cat > /dev/null; echo fixed");
    script(repair, "demo-fail", "cat > /dev/null; echo cannot >&2; exit 1");
    for (String node : nodeNames(clusterText)) {
      startCollector(node, keyFile);
    }
  }

  /** Starts (or replaces) a node's collector, signing with the given key file. */
  public void startCollector(String node, Path key) throws Exception {
    Path diag = whitelist(dir.resolve("nodes/" + node));
    script(
        diag,
        "diagnose",
        "if [ -f "
            + diagnoseDir.resolve(node + ".json")
            + " ]; then cat "
            + diagnoseDir.resolve(node + ".json")
            + "; else echo '{\"status\": \"Ok\"}'; fi");
    CollectorConfig config =
        new CollectorConfig(
            node,
            "127.0.0.1",
            0,
            null,
            key,
            true,
            "diagnose",
            diag,
            Duration.ofSeconds(5),
            dir.resolve("repair"),
            Duration.ofSeconds(10),
            dir.resolve("results/" + node),
            65536,
            dir.resolve("master"),
            Duration.ofSeconds(300),
            diagnoseDir.resolve(node + ".boot_id"),
            MAX_BODY,
            IDLE,
            "",
            new CollectorConfig.LoadSettings(
                Path.of("/proc/stat"),
                Duration.ofSeconds(5),
                150,
                100,
                diagnoseDir.resolve(node + ".load"),
                8,
                dir.resolve("pids"),
                Path.of("/proc")));
    Collector c = new Collector(config, Clock.systemUTC());
    c.start();
    collectors.add(c);
    urls.put(node, "http://127.0.0.1:" + c.port());
  }

  /**
   * The daemon's safety caps and storm guard, for tests that change them before starting it. With
   * five nodes, two faulty nodes are 40%: the storm threshold is raised to 50% so that tests of two
   * incidents at once are not storms.
   */
  public SafetyCaps caps = SafetyCaps.defaults();

  public StormGuard storm = new StormGuard(50);
  public boolean harep;
  public boolean balance;

  /** Whether balancing weighs the nodes' CPU load (each collector reports its {@link #load}). */
  public boolean balanceLoad;

  /** What balancing may do when it is on: hbal's switches and gain rule. */
  public BalanceOptions balancing = BalanceOptions.threshold(0.1);

  /**
   * How long a simulated reboot keeps a node off, and whether the daemon follows the master role.
   */
  public Duration bootTime = Duration.ofMillis(300);

  /** How long each operation of a simulated job takes. */
  public Duration operationTime = Duration.ofMillis(50);

  public boolean followMaster = true;

  /** The node the daemon runs on. */
  public String node = "n1";

  /** Who leads and where the state is kept. */
  public Ha ha = Ha.defaults();

  /** Who reboots nodes and moves the master role. */
  public NodeCommands nodeCommands = NodeCommands.defaults();

  /** The API's limits and, for HTTPS, its certificate and key. */
  public Http api = new Http(MAX_BODY, IDLE);

  /** Planned maintenance: its guards (allowed hours, alert interlock). */
  public Maintenance maintenance = Maintenance.defaults();

  /** Instance health (the watcher's duties): off unless a test turns it on. */
  public org.maintd.health.HealthSettings instanceHealth = org.maintd.health.HealthSettings.off();

  /** Reboot requests: their timeouts, hard path and power control. */
  public Reboot reboot = Reboot.defaults();

  /** Where events are sent: nowhere unless a test names receivers. */
  public org.maintd.daemon.config.Notifications notifications =
      org.maintd.daemon.config.Notifications.none();

  /** How long a failed daemon waits before its exit completes. */
  public Duration exitAfterFailure = Duration.ofSeconds(30);

  private static List<String> nodeNames(String clusterText) {
    String[] sections = clusterText.split("\n\n", -1);
    return sections[1].lines().filter(l -> !l.isBlank()).map(l -> l.split("\\|")[0]).toList();
  }

  public DaemonConfig config() {
    return new DaemonConfig(
        node,
        "127.0.0.1",
        0,
        dir.resolve("state"),
        Backend.SIM,
        keyFile,
        dir.resolve("users"),
        Duration.ofMillis(100),
        Duration.ZERO,
        caps,
        storm,
        harep,
        balance,
        0.1,
        balancing,
        balanceLoad,
        new CollectorSettings(
            "http://{node}:1",
            urls,
            Duration.ofSeconds(2),
            Duration.ofSeconds(20),
            false,
            Duration.ofSeconds(300)),
        new Sim(
            dir.resolve("cluster.data"),
            diagnoseDir,
            operationTime,
            Duration.ZERO,
            bootTime,
            dir.resolve("master"),
            followMaster,
            false,
            java.util.Optional.empty()),
        Ganeti.defaults(),
        api,
        "",
        exitAfterFailure,
        ha,
        nodeCommands,
        maintenance,
        instanceHealth,
        reboot,
        notifications);
  }

  /**
   * The {@code collector} and {@code sim} sections of a daemon's YAML on this cluster: its
   * collectors' URLs, its cluster file and diagnose directory, {@code operationTime} per operation;
   * more keys of {@code sim} may follow, indented by two spaces.
   */
  public String collectorAndSimYaml(String operationTime) {
    StringBuilder y = new StringBuilder("collector:\n  timeout: 2s\n  urls:\n");
    urls.forEach((n, u) -> y.append("    ").append(n).append(": ").append(u).append('\n'));
    return y.append("sim:\n  cluster: ")
        .append(dir.resolve("cluster.data"))
        .append("\n  diagnoseDir: ")
        .append(diagnoseDir)
        .append("\n  operationTime: ")
        .append(operationTime)
        .append("\n  bootTime: 300ms\n")
        .toString();
  }

  /** The ports the collectors listen on. */
  public int[] collectorPorts() {
    return collectors.stream().mapToInt(Collector::port).toArray();
  }

  /** The running daemon. */
  public Daemon daemon() {
    return daemon;
  }

  public TestCluster startDaemon() throws Exception {
    return startDaemon(false);
  }

  /** Starts the daemon; with {@code recover}, as {@code maintd --recover}. */
  public TestCluster startDaemon(boolean recover) throws Exception {
    daemon = new Daemon(config(), Clock.systemUTC());
    try {
      daemon.start(true, recover);
    } catch (Exception | Error e) {
      daemon.close();
      daemon = null;
      throw e;
    }
    return this;
  }

  public void stopDaemon() throws Exception {
    daemon.close();
    daemon = null;
  }

  public int port() {
    return daemon.port();
  }

  /** Sets what a node's diagnose script prints, as 'maintctl sim diagnose' would. */
  /** Makes {@code node}'s collector report {@code cpus} CPUs busy from now on. */
  public void load(String node, double cpus) throws IOException {
    Files.writeString(diagnoseDir.resolve(node + ".load"), cpus + "\n");
  }

  public void report(String node, String json) throws IOException {
    Path tmp = diagnoseDir.resolve(node + ".tmp");
    Files.writeString(tmp, json);
    Files.move(
        tmp, diagnoseDir.resolve(node + ".json"), java.nio.file.StandardCopyOption.ATOMIC_MOVE);
  }

  /** The request limits of the test's servers: small, so that tests of their limits are quick. */
  public static final int MAX_BODY = 64 * 1024;

  public static final Duration IDLE = Duration.ofSeconds(2);

  /**
   * Has the daemon poll {@code node}'s collector at {@code other}'s address (before the daemon
   * starts).
   */
  public void serveAs(String node, String other) {
    urls.put(node, urls.get(other));
  }

  /**
   * Has the daemon poll {@code node}'s collector at {@code url} (one in a process of its own, say),
   * its collector here stopped (before the daemon starts).
   */
  public void collectorAt(String node, String url) throws Exception {
    stopCollector(node);
    urls.put(node, url);
  }

  /** Stops {@code node}'s collector: from the daemon's next poll it is unreachable. */
  public void stopCollector(String node) throws Exception {
    int port = collectorPort(node);
    for (java.util.Iterator<Collector> i = collectors.iterator(); i.hasNext(); ) {
      Collector c = i.next();
      if (c.port() == port) {
        c.close();
        i.remove();
      }
    }
  }

  /** The port of a node's collector. */
  public int collectorPort(String node) {
    String url = urls.get(node);
    return Integer.parseInt(url.substring(url.lastIndexOf(':') + 1));
  }

  /** Waits until the daemon has completed {@code n} more ticks, as its metrics count them. */
  public void awaitTicks(int n) throws Exception {
    double start = ticks();
    awaitTrue(n + " more ticks", () -> ticks() >= start + n);
  }

  private double ticks() throws Exception {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("(?m)^maintd_tick_seconds_count ([0-9.]+)$")
            .matcher(getRaw("/metrics").body());
    if (!m.find()) {
      throw new AssertionError("no maintd_tick_seconds_count in /metrics");
    }
    return Double.parseDouble(m.group(1));
  }

  public HttpResponse<String> getRaw(String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port() + path)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  public Object get(String path) throws Exception {
    HttpResponse<String> r =
        http.send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port() + path)).build(),
            HttpResponse.BodyHandlers.ofString());
    return Json.parse(r.body());
  }

  public HttpResponse<String> post(String path, String body, HttpRequest.Builder extra)
      throws Exception {
    return http.send(
        extra
            .uri(URI.create("http://127.0.0.1:" + port() + path))
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** A POST signed with the cluster key, as maintctl sends it. */
  public HttpResponse<String> signedPost(String path, String body) throws Exception {
    return signedPost(port(), path, body);
  }

  /** A POST signed with the cluster key to a daemon on {@code port} (one in another process). */
  public HttpResponse<String> signedPost(int port, String path, String body) throws Exception {
    return signedPost(http, keyFile, port, path, body);
  }

  /** A change request to the daemon on {@code port}, signed with the key in {@code keyFile}. */
  public static HttpResponse<String> signedPost(
      HttpClient http, Path keyFile, int port, String path, String body) throws Exception {
    return Captured.sign(keyFile, path, body).sendTo(http, port);
  }

  /**
   * A signed change request as it crosses the wire, to send (and send again: a replay) to any
   * daemon.
   */
  public record Captured(String path, String body, String salt, String nonce, String hmac) {
    /** Signs {@code body} for {@code path} now with the key in {@code keyFile}. */
    public static Captured sign(Path keyFile, String path, String body) throws Exception {
      HmacKey key = HmacKey.fromFileContent(Files.readAllBytes(keyFile));
      String nonce = java.util.UUID.randomUUID().toString();
      SignedMessage s = key.sign(RequestSignature.text("POST", path, nonce, body), Instant.now());
      return new Captured(path, body, s.salt(), nonce, s.hmac());
    }

    /** Sends it, as it is, to the daemon on {@code port}. */
    public HttpResponse<String> sendTo(HttpClient http, int port) throws Exception {
      return http.send(
          HttpRequest.newBuilder()
              .header(RequestSignature.SALT_HEADER, salt)
              .header(RequestSignature.NONCE_HEADER, nonce)
              .header(RequestSignature.HMAC_HEADER, hmac)
              .uri(URI.create("http://127.0.0.1:" + port + path))
              .POST(HttpRequest.BodyPublishers.ofString(body))
              .build(),
          HttpResponse.BodyHandlers.ofString());
    }
  }

  @SuppressWarnings("unchecked")
  public List<Map<String, Object>> incidents() throws Exception {
    return (List<Map<String, Object>>) get("/1/status");
  }

  @SuppressWarnings("unchecked")
  public Map<String, Object> node(String name) throws Exception {
    return ((List<Map<String, Object>>) get("/1/nodes"))
        .stream().filter(n -> n.get("name").equals(name)).findFirst().orElseThrow();
  }

  @SuppressWarnings("unchecked")
  public List<Map<String, Object>> simJobs() throws Exception {
    return (List<Map<String, Object>>) get("/1/sim/jobs");
  }

  public Map<String, Object> awaitIncident(String what, Predicate<Map<String, Object>> match) {
    List<Map<String, Object>> found = new ArrayList<>();
    await(what)
        .atMost(WAIT)
        .pollInterval(Duration.ofMillis(50))
        .until(
            () -> {
              found.clear();
              incidents().stream().filter(match).forEach(found::add);
              return !found.isEmpty();
            });
    return found.get(0);
  }

  public void awaitTrue(String what, java.util.concurrent.Callable<Boolean> condition) {
    await(what).atMost(WAIT).pollInterval(Duration.ofMillis(50)).until(condition);
  }

  public static Predicate<Map<String, Object>> on(String node, String status) {
    return i -> i.get("node").equals(node) && i.get("repair-status").equals(status);
  }

  private static Path whitelist(Path d) throws IOException {
    Files.createDirectories(d);
    Files.setPosixFilePermissions(d, PosixFilePermissions.fromString("rwxr-xr-x"));
    return d;
  }

  private static void script(Path d, String name, String body) throws IOException {
    Path f = d.resolve(name);
    Files.writeString(f, "#!/bin/sh\n" + body + "\n", StandardCharsets.UTF_8);
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  @Override
  public void close() throws Exception {
    if (daemon != null) {
      daemon.close();
    }
    for (Collector c : collectors) {
      c.close();
    }
  }
}
