package org.maintd.daemon.backend.ganeti;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.maintd.cluster.Instance;
import org.maintd.cluster.TaggedObject;
import org.maintd.daemon.config.CollectorSettings;
import org.maintd.daemon.config.CommandRoute;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.config.Ganeti;
import org.maintd.daemon.config.Ha;
import org.maintd.daemon.config.Http;
import org.maintd.daemon.config.Maintenance;
import org.maintd.daemon.config.NodeCommands;
import org.maintd.daemon.config.Reboot;
import org.maintd.daemon.config.Sim;
import org.maintd.daemon.config.ZooKeeper;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;
import org.maintd.safety.SafetyCaps;
import org.maintd.safety.StormGuard;
import org.maintd.spi.BackendException;

/**
 * The Ganeti sandbox of {@code scripts/ganeti-sandbox}, as the integration tests reach it: its
 * connection details ({@code /var/tmp/gnt-sandbox/env}), commands run on the master inside its
 * namespaces, and a daemon configuration for it. Tests skip when no sandbox is up, and fail instead
 * under {@code scripts/ganeti-it} ({@code -Dmaintd.sandbox.required=true}).
 */
final class Sandbox {
  static final Path ENV = Path.of("/var/tmp/gnt-sandbox/env");

  final Map<String, String> env;

  private Sandbox(Map<String, String> env) {
    this.env = env;
  }

  /** Skips (or, under scripts/ganeti-it, fails) when {@code condition} does not hold. */
  static void require(boolean condition, String why) {
    if (Boolean.getBoolean("maintd.sandbox.required")) {
      assertTrue(condition, why);
    }
    Assumptions.assumeTrue(condition, why);
  }

  static Sandbox load() throws IOException {
    require(
        Files.exists(ENV),
        "no Ganeti sandbox (" + ENV + " missing): run scripts/ganeti-sandbox up");
    Map<String, String> env = new LinkedHashMap<>();
    for (String line : Files.readAllLines(ENV)) {
      int eq = line.indexOf('=');
      if (eq > 0) {
        env.put(line.substring(0, eq), line.substring(eq + 1).replaceAll("^\"|\"$", ""));
      }
    }
    require(
        env.containsKey("GANETI_COLLECTOR_URL_node2"),
        "the sandbox runs no maintd collectors: scripts/ganeti-sandbox up");
    Sandbox sandbox = new Sandbox(env);
    Path credentials = sandbox.credentials(Files.createTempDirectory("gnt-sandbox"));
    String answer;
    try {
      answer = sandbox.master(credentials);
    } catch (BackendException e) {
      answer = e.getMessage();
    }
    require(
        answer.endsWith(".gnt.test"),
        "the Ganeti sandbox of "
            + ENV
            + " does not answer ("
            + answer
            + "): scripts/ganeti-sandbox up");
    if (!answer.equals(FIRST_MASTER)) {
      sandbox.masterBackToNode1(credentials);
    }
    return sandbox;
  }

  /** The master as up.sh made it, which the tests' commands run on. */
  static final String FIRST_MASTER = "node1.gnt.test";

  /** Runs a command on node1 (the master) inside its namespaces; its output, which must succeed. */
  /**
   * How many jobs in Ganeti's queue from {@code firstJob} on carry {@code text} in their reason
   * trail (maintd's drain of a node: {@code "drain node3.gnt.test ["}).
   */
  long jobsWithReason(Path credentials, long firstJob, String text) {
    try (RapiClient rapi = new RapiClient(rapi(credentials))) {
      return ((java.util.List<?>) rapi.get("/2/jobs?bulk=1"))
          .stream()
              .map(j -> (Map<?, ?>) j)
              .filter(
                  j ->
                      ((Number) j.get("id")).longValue() >= firstJob
                          && GanetiJob.reasonContains(j, text))
              .count();
    }
  }

  /** The id the next job in Ganeti's queue gets: past every job there now. */
  long nextJobId() throws IOException, InterruptedException {
    return onMaster("gnt-job", "list", "--no-headers", "-o", "id")
            .lines()
            .map(String::strip)
            .mapToLong(Long::parseLong)
            .max()
            .orElse(0)
        + 1;
  }

  String onMaster(String... command) throws IOException, InterruptedException {
    return onNode(FIRST_MASTER, command);
  }

  /**
   * Runs {@code command} inside the namespaces of {@code node} (node1.gnt.test, node2.gnt.test,
   * ...), as the sandbox runs its first node's commands.
   */
  String onNode(String node, String... command) throws IOException, InterruptedException {
    String n = "n" + node.replaceAll("^node(\\d+)\\..*$", "$1");
    List<String> cmd =
        new ArrayList<>(List.of(env.get("GANETI_ON_NODE1").replace("n1", n).split(" ")));
    cmd.addAll(List.of(command));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(180, TimeUnit.SECONDS), "timed out: " + cmd);
    assertEquals(0, p.exitValue(), cmd + ": " + out);
    return out;
  }

  /** The RAPI user's credentials in an owner-only file under {@code dir}. */
  Path credentials(Path dir) throws IOException {
    Path file = dir.resolve("rapi-credentials");
    Files.writeString(
        file, env.get("GANETI_RAPI_USER") + " " + env.get("GANETI_RAPI_PASSWORD") + "\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    return file;
  }

  RapiSettings rapi(Path credentials) {
    return new RapiSettings(
        URI.create(env.get("GANETI_RAPI_URL")),
        Path.of(env.get("GANETI_RAPI_CERT")),
        false,
        credentials,
        Duration.ofSeconds(30),
        3);
  }

  /**
   * Puts {@code node} back as a test found it: its diagnose file gone, online and undrained, {@code
   * instances} migrated back onto it, maintd's tags removed. Through RAPI, as jobs.
   */
  void putBack(Path credentials, String node, List<String> instances) throws IOException {
    Files.deleteIfExists(Path.of(diagnoseFile(node)));
    try (RapiClient rapi = new RapiClient(rapi(credentials))) {
      GanetiBackend backend = new GanetiBackend(rapi);
      awaitJob(
          backend,
          backend.submit(
              job(
                  new Operation.SetNodeFlags(node, Optional.of(false), Optional.of(false)),
                  "restore " + node)));
      for (String inst : instances) {
        String primary = backend.snapshot().instance(inst).map(Instance::primary).orElse(node);
        if (!primary.equals(node)) {
          awaitJob(
              backend,
              backend.submit(
                  job(
                      new Operation.Migrate(inst, primary, node),
                      "put " + inst + " back on " + node)));
        }
      }
      List<String> tags =
          backend.snapshot().node(node).orElseThrow().tags().stream()
              .filter(t -> t.startsWith("maintd:"))
              .toList();
      if (!tags.isEmpty()) {
        backend.removeTags(new TaggedObject(TaggedObject.Kind.NODE, node), tags);
      }
    }
  }

  /**
   * Makes the sandbox look as if maintd had never worked on it, so that a daemon on a fresh state
   * directory starts afresh instead of refusing (a lost state file): Ganeti's finished jobs
   * archived (RAPI lists them no more), maintd's node tags removed, the collectors' repair records
   * deleted.
   */
  void forgetMaintd(Path credentials) throws IOException, InterruptedException {
    onMaster("gnt-job", "autoarchive", "0");
    try (RapiClient rapi = new RapiClient(rapi(credentials))) {
      GanetiBackend backend = new GanetiBackend(rapi);
      for (org.maintd.cluster.Node n : backend.snapshot().nodes()) {
        List<String> tags = n.tags().stream().filter(t -> t.startsWith("maintd:")).toList();
        if (!tags.isEmpty()) {
          backend.removeTags(new TaggedObject(TaggedObject.Kind.NODE, n.name()), tags);
        }
      }
      onMaster("gnt-job", "autoarchive", "0");
    }
    for (String node : env.get("GANETI_NODES").split(" ")) {
      Path results = Path.of(diagnoseFile(node)).resolveSibling("results");
      if (Files.isDirectory(results)) {
        try (var files = Files.list(results)) {
          for (Path f : files.toList()) {
            Files.deleteIfExists(f);
          }
        }
      }
    }
  }

  private static JobSpec job(Operation op, String what) {
    String key = "it-restore-" + System.nanoTime();
    return new JobSpec(key, "it", List.of(op), ReasonTrail.of(what, key, 1));
  }

  private static void awaitJob(GanetiBackend backend, String id) {
    await("Ganeti job " + id)
        .atMost(Duration.ofMinutes(2))
        .pollInterval(Duration.ofMillis(250))
        .until(() -> backend.job(id).status().isFinished());
  }

  /** The master as RAPI, reached through the cluster's address, names it now. */
  String master(Path credentials) throws IOException {
    try (RapiClient rapi = new RapiClient(rapi(credentials))) {
      return new GanetiBackend(rapi).master();
    }
  }

  /** The cluster as RAPI shows it now. */
  org.maintd.cluster.Cluster snapshot(Path credentials) throws IOException {
    try (RapiClient rapi = new RapiClient(rapi(credentials))) {
      return new GanetiBackend(rapi).snapshot();
    }
  }

  /**
   * Puts the sandbox back after a campaign over it: the master role on node1 again (RAPI answering
   * from there), every node online and undrained without maintd's tags, and the file instance.
   */
  void restoreAfterCampaign(Path credentials) throws Exception {
    if (!master(credentials).equals(FIRST_MASTER)) {
      masterBackToNode1(credentials);
    }
    for (String node : env.get("GANETI_NODES").split(" ")) {
      putBack(credentials, node, List.of());
    }
    addFileInstance();
  }

  /**
   * Moves the master role back to node1 (a campaign, or a run cut short in the middle of one, left
   * it elsewhere) and waits until RAPI answers from there.
   */
  private void masterBackToNode1(Path credentials) throws IOException {
    try {
      onMaster("gnt-cluster", "master-failover");
    } catch (AssertionError refused) {
      startEveryNodesDaemons(refused);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while failing the master over to node1", e);
    }
    await("RAPI answers from node1 again")
        .atMost(Duration.ofMinutes(2))
        .pollInterval(Duration.ofSeconds(1))
        .ignoreExceptions()
        .until(() -> master(credentials).equals(FIRST_MASTER));
  }

  /**
   * When Ganeti refuses the master's move because nodes do not answer its vote (a run cut short in
   * the middle of a node's simulated reboot leaves that node's daemons stopped), starts every
   * node's daemons, as its boot would, and moves the master once more; a second refusal fails with
   * both answers and where each node stands.
   */
  private void startEveryNodesDaemons(AssertionError refused) throws IOException {
    try {
      for (String node : env.get("GANETI_NODES").split(" ")) {
        onNode(node, "/usr/lib/ganeti/daemon-util", "start-all");
      }
      await("the master moves back to node1 once every node's daemons run")
          .atMost(Duration.ofMinutes(1))
          .pollInterval(Duration.ofSeconds(5))
          .ignoreExceptionsInstanceOf(AssertionError.class)
          .until(() -> onMaster("gnt-cluster", "master-failover") != null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while starting the nodes' daemons", e);
    } catch (RuntimeException | AssertionError again) {
      AssertionError failed =
          new AssertionError(
              "the master cannot move back to node1: "
                  + refused.getMessage()
                  + "\nand after starting every node's daemons: "
                  + again.getMessage()
                  + nodeLogs(15),
              again);
      failed.addSuppressed(refused);
      throw failed;
    }
  }

  /** Puts the file instance inst4 back on node2, as up.sh made it, when a test removed it. */
  void addFileInstance() throws IOException, InterruptedException {
    if (onMaster("gnt-instance", "list", "--no-headers", "-o", "name").contains("inst4.gnt.test")) {
      return;
    }
    onMaster(
        "gnt-instance",
        "add",
        "-t",
        "file",
        "--disk",
        "0:size=64M",
        "-o",
        "noop",
        "-n",
        "node2.gnt.test",
        "-B",
        "memory=128M,vcpus=1",
        "--no-ip-check",
        "--no-name-check",
        "--no-wait-for-sync",
        "inst4.gnt.test");
  }

  /**
   * The end of each node's collector log and of its log of simulated reboots: where a node stands
   * when a test that reboots nodes fails.
   */
  String nodeLogs(int lines) {
    StringBuilder all = new StringBuilder();
    for (String node : env.get("GANETI_NODES").split(" ")) {
      Path collector = Path.of(diagnoseFile(node)).getParent();
      for (Path log :
          List.of(collector.resolve("collector.log"), collector.resolve("reboots.log"))) {
        List<String> tail;
        try {
          List<String> whole = Files.readAllLines(log);
          tail = whole.subList(Math.max(0, whole.size() - lines), whole.size());
        } catch (IOException e) {
          tail = List.of("(cannot be read: " + e.getMessage() + ")");
        }
        all.append("\n--- ").append(node).append(": ").append(log).append('\n');
        tail.forEach(l -> all.append(l).append('\n'));
      }
    }
    return all.toString();
  }

  String diagnoseFile(String node) {
    return env.get("GANETI_DIAGNOSE_" + node.substring(0, node.indexOf('.')));
  }

  /**
   * A daemon on {@code node} as {@link #daemon} makes it, its state in the ZooKeeper at {@code
   * connect} and its leadership elected there, so that a move of the master role does not stop it.
   */
  DaemonConfig ledByZooKeeper(Path dir, String node, Path credentials, String connect) {
    return daemon(dir, node, credentials)
        .withHa(
            Ha.elected(
                new ZooKeeper(
                    connect,
                    Duration.ofSeconds(5),
                    Duration.ofSeconds(10),
                    "/maintd",
                    null,
                    Duration.ofSeconds(1))));
  }

  /** A daemon on {@code node}, state under {@code dir}, polling the collectors inside the nodes. */
  DaemonConfig daemon(Path dir, String node, Path credentials) {
    Map<String, String> urls = new LinkedHashMap<>();
    for (String n : env.get("GANETI_NODES").split(" ")) {
      urls.put(n, env.get("GANETI_COLLECTOR_URL_" + n.substring(0, n.indexOf('.'))));
    }
    RapiSettings r = rapi(credentials);
    return new DaemonConfig(
        node,
        "127.0.0.1",
        0,
        dir.resolve("state"),
        org.maintd.daemon.config.Backend.GANETI,
        Path.of(env.get("GANETI_HMAC_KEY")),
        dir.resolve("users"),
        Duration.ofMillis(500),
        Duration.ZERO,
        SafetyCaps.defaults(),
        new StormGuard(50),
        false,
        false,
        0.1,
        org.maintd.balance.BalanceOptions.threshold(0.1),
        false,
        new CollectorSettings(
            "http://{node}:1817",
            urls,
            Duration.ofSeconds(5),
            Duration.ofSeconds(60),
            false,
            Duration.ofSeconds(300)),
        new Sim(dir.resolve("none"), dir.resolve("diag"), Duration.ZERO, Duration.ZERO),
        new Ganeti(
            r.url(),
            r.trust(),
            false,
            credentials,
            r.timeout(),
            r.readAttempts(),
            Duration.ofSeconds(5),
            Duration.ofMinutes(10),
            Duration.ofHours(2)),
        Http.defaults(),
        "gnt-masterd",
        Duration.ofSeconds(30),
        Ha.defaults(),
        NEVER_POWERCYCLE,
        Maintenance.defaults(),
        org.maintd.health.HealthSettings.off(),
        Reboot.defaults(),
        org.maintd.daemon.config.Notifications.none());
  }

  /**
   * Reboots and master fail-overs through the nodes' collectors, named rather than left to {@code
   * auto}: Ganeti's power-cycle of a sandbox node resets this whole machine.
   */
  static final NodeCommands NEVER_POWERCYCLE =
      new NodeCommands(
          CommandRoute.COLLECTOR,
          "reboot",
          CommandRoute.COLLECTOR,
          "master-failover",
          Duration.ofSeconds(120));
}
