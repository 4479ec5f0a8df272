package org.maintd.daemon.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.daemon.testing.WrittenStates;
import org.maintd.protocol.json.Json;

/**
 * The daemon as operators run it: the shaded jar in its own process, against real collectors.
 * Crashes are real: the daemon sends itself SIGKILL at a named point (no shutdown hook runs).
 */
class DaemonProcessIT {
  private static final Path JAR = Path.of("target", "maintd.jar");

  @TempDir Path tmp;

  TestCluster cluster;
  int port;
  final List<Process> processes = new ArrayList<>();

  @BeforeEach
  void start() throws Exception {
    cluster = new TestCluster(tmp);
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
  }

  @AfterEach
  void stop() throws Exception {
    for (Process p : processes) {
      p.destroyForcibly().waitFor(20, TimeUnit.SECONDS);
    }
    cluster.close();
  }

  private Path config(String node) throws IOException {
    DaemonConfig c = cluster.config();
    StringBuilder y = new StringBuilder();
    y.append("node: ")
        .append(node)
        .append("\nbind: 127.0.0.1\nport: ")
        .append(port)
        .append("\nstateDir: ")
        .append(c.stateDir())
        .append("\nhmacKeyFile: ")
        .append(c.hmacKeyFile())
        .append("\nusersFile: ")
        .append(c.usersFile())
        .append("\npollInterval: 100ms\n")
        .append(cluster.collectorAndSimYaml("50ms"));
    Path file = tmp.resolve("maintd-" + node + ".yaml");
    Files.writeString(file, y.toString());
    return file;
  }

  private Process launch(Path config, String crashAt, String... extra) throws IOException {
    List<String> cmd = new ArrayList<>(List.of("java", "-Xmx128m"));
    if (crashAt != null) {
      cmd.add("-Dmaintd.crashAt=" + crashAt);
    }
    cmd.addAll(List.of("-jar", JAR.toString(), "-f", "-c", config.toString()));
    cmd.addAll(List.of(extra));
    Process p =
        new ProcessBuilder(cmd)
            .redirectErrorStream(true)
            .redirectOutput(tmp.resolve("daemon.log").toFile())
            .start();
    processes.add(p);
    return p;
  }

  private int exitOf(Process p) throws Exception {
    assertTrue(p.waitFor(90, TimeUnit.SECONDS), "the daemon did not exit: " + log());
    return p.exitValue();
  }

  private String log() throws IOException {
    return Files.readString(tmp.resolve("daemon.log"));
  }

  @SuppressWarnings("unchecked")
  private List<Map<String, Object>> simJobs() throws Exception {
    Path file = tmp.resolve("state/sim/cluster.json");
    return Files.exists(file)
        ? (List<Map<String, Object>>) ((Map<?, ?>) Json.parse(Files.readString(file))).get("jobs")
        : List.of();
  }

  @Test
  void killedBetweenIntentsAndSubmissionItNeverSubmitsAJobTwice() throws Exception {
    cluster.report("n2", "{\"status\": \"evacuate\"}");
    Path config = config("n1");
    assertEquals(137, exitOf(launch(config, "after-intents")), log());
    Map<?, ?> state = (Map<?, ?>) Json.parse(Files.readString(tmp.resolve("state/state.json")));
    List<?> intents = (List<?>) state.get("intents");
    assertEquals(1, intents.size(), "the planned drain is persisted before submission");
    assertEquals("", ((Map<?, ?>) intents.get(0)).get("job_id"));
    assertEquals(List.of(), simJobs(), "nothing was submitted before the crash");

    assertEquals(137, exitOf(launch(config, "after-submit")), log());
    assertEquals(1, simJobs().size(), "the intent was submitted once; its id was not yet recorded");

    Process p = launch(config, null);
    cluster.awaitTrue("evacuation completes after restarts", () -> completed(p));
    List<String> keys =
        simJobs().stream().map(j -> (String) ((Map<?, ?>) j.get("spec")).get("key")).toList();
    assertEquals(
        keys.size(), keys.stream().distinct().count(), "a job key was submitted twice: " + keys);
    assertTrue(log().contains("was already submitted as 1; not submitting it again"), log());
  }

  /**
   * Every crash point the daemon has, with the work that reaches it: killed there with SIGKILL,
   * restarted, the work completes and the job log holds no job twice and no node rebooted twice.
   */
  @ParameterizedTest(name = "killed {0}")
  @ValueSource(
      strings = {"after-intents", "after-submit", "after-reboot-intents", "after-reboot-submitted"})
  void aKillAtEveryCrashPointSubmitsNoJobTwice(String point) throws Exception {
    Path config = config("n1");
    Files.writeString(
        config, Files.readString(config) + "  masterFile: " + tmp.resolve("master") + "\n");
    boolean reboots = point.contains("reboot");
    if (!reboots) {
      cluster.report("n2", "{\"status\": \"evacuate\"}");
    }
    Process first = launch(config, point);
    if (reboots) {
      startCampaign(first, "{\"nodes\": [\"n4\", \"n5\"], \"soak\": 0.2}");
    }
    assertEquals(137, exitOf(first), log());
    assertTrue(log().contains("SIGKILL at crash point " + point), log());

    Process p = launch(config, null);
    cluster.awaitTrue(
        "the work completes after the restart",
        () -> {
          if (!p.isAlive()) {
            throw new AssertionError("daemon died: " + log());
          }
          String state = Files.readString(tmp.resolve("state/state.json"));
          return reboots
              ? state.contains("\"status\":\"COMPLETED\"")
              : state.contains("\"repair-status\":\"completed\"");
        });
    List<String> keys =
        simJobs().stream().map(j -> (String) ((Map<?, ?>) j.get("spec")).get("key")).toList();
    assertEquals(
        keys.size(), keys.stream().distinct().count(), "a job key was submitted twice: " + keys);
    if (reboots) {
      assertEquals(
          List.of("n4", "n5"),
          reboots().stream().sorted().toList(),
          "each node rebooted exactly once");
    }
  }

  private void startCampaign(Process daemon, String body) {
    cluster.awaitTrue(
        "the API answers",
        () -> {
          if (!daemon.isAlive()) {
            throw new AssertionError("daemon died before the campaign started: " + log());
          }
          try {
            return cluster.signedPost(port, "/1/campaigns", body).statusCode() == 200;
          } catch (java.io.IOException e) {
            return false;
          }
        });
  }

  private List<String> reboots() throws Exception {
    List<String> nodes = new ArrayList<>();
    for (Map<String, Object> job : simJobs()) {
      for (Object op : (List<?>) ((Map<?, ?>) job.get("spec")).get("operations")) {
        if ("reboot".equals(((Map<?, ?>) op).get("op"))) {
          nodes.add((String) ((Map<?, ?>) op).get("node"));
        }
      }
    }
    return nodes;
  }

  private boolean completed(Process p) throws Exception {
    if (!p.isAlive()) {
      throw new AssertionError("daemon died: " + log());
    }
    Path file = tmp.resolve("state/state.json");
    String text = Files.readString(file);
    return text.contains("\"repair-status\":\"completed\"");
  }

  @Test
  void onANodeThatIsNotTheMasterItExitsWith11() throws Exception {
    assertEquals(ExitCodes.NOT_MASTER, exitOf(launch(config("n2"), null)));
    assertTrue(log().contains("this node (n2) is not the master (n1)"), log());
  }

  @Test
  void losingTheMasterVoteExitsWith1AndNoVotingNeedsYesDoIt() throws Exception {
    Files.writeString(tmp.resolve("master"), "n3\n");
    Path config = config("n1");
    assertEquals(ExitCodes.FAILURE, exitOf(launch(config, null)));
    assertTrue(log().contains("lost the master vote"), log());
    assertEquals(ExitCodes.USAGE, exitOf(launch(config, null, "--no-voting")));
    assertTrue(log().contains("--no-voting is dangerous and needs --yes-do-it"), log());
    Process p = launch(config, null, "--no-voting", "--yes-do-it");
    cluster.awaitTrue(
        "the daemon runs without a vote",
        () -> Files.exists(tmp.resolve("state/state.json")) && p.isAlive());
  }

  @Test
  void aBadConfigurationExitsWith2NamingTheKey() throws Exception {
    Path bad = tmp.resolve("bad.yaml");
    Files.writeString(bad, "pollInterval: sometimes\nbogus: 1\n");
    assertEquals(ExitCodes.USAGE, exitOf(launch(bad, null)));
    assertTrue(log().contains("pollInterval: 'sometimes' is not a duration"), log());
    assertTrue(log().contains("bogus: unknown key"), log());
  }

  @Test
  void aCorruptStateFileStopsTheDaemonAndIsLeftAsItWas() throws Exception {
    Files.createDirectories(tmp.resolve("state"));
    Files.writeString(tmp.resolve("state/state.json"), "{\"incidents\": [");
    assertEquals(ExitCodes.FAILURE, exitOf(launch(config("n1"), null)));
    assertTrue(log().contains("is corrupt"), log());
    assertEquals("{\"incidents\": [", Files.readString(tmp.resolve("state/state.json")));
  }

  @Test
  void aStateFileOfANewerSchemaStopsTheDaemonInOneLineNamingBothSchemasAndIsLeftAsItWas()
      throws Exception {
    Path file = tmp.resolve("state/state.json");
    Files.createDirectories(file.getParent());
    Files.write(file, WrittenStates.newer());
    assertEquals(ExitCodes.FAILURE, exitOf(launch(config("n1"), null)));
    assertEquals(
        List.of(
            "maintd: the stored state in state file "
                + file
                + " cannot be read: it was "
                + WrittenStates.NEWER_SAID
                + ". maintd will not overwrite it: run the newer maintd, or import a state this"
                + " one reads (an export taken before the upgrade: maintd --import-state FILE)"),
        log().lines().filter(l -> l.startsWith("maintd: ")).toList());
    assertTrue(!log().contains("\tat "), "no stack trace: " + log());
    assertArrayEquals(WrittenStates.newer(), Files.readAllBytes(file));
  }

  @Test
  void aKeyFileOthersCanReadOrACollectorUrlForNoNodeExitsWith2NamingTheKey() throws Exception {
    Path config = config("n1");
    Files.setPosixFilePermissions(
        cluster.keyFile, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
    assertEquals(ExitCodes.USAGE, exitOf(launch(config, null)));
    assertTrue(
        log()
            .contains(
                "hmacKeyFile: "
                    + cluster.keyFile
                    + " may be read or written by others than its owner (mode rw-r--r--"),
        log());
    Files.setPosixFilePermissions(
        cluster.keyFile, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
    Files.writeString(
        config,
        Files.readString(config).replace("  urls:\n", "  urls:\n    n9: http://127.0.0.1:1\n"));
    assertEquals(ExitCodes.USAGE, exitOf(launch(config, null)));
    assertTrue(
        log()
            .contains(
                "collector.urls.n9: no node n9 in the cluster (its nodes: n1, n2, n3, n4, n5)"),
        log());
    assertTrue(!log().contains("\tat "), "no stack trace: " + log());
  }

  @Test
  void aKeyThatDoesNotMatchTheApisCertificateExitsWith2InOneLineNamingBothSettings()
      throws Exception {
    org.maintd.daemon.testing.TestCa ca = org.maintd.daemon.testing.TestCa.create("test CA");
    Path certificate = ca.issue("node1", tmp.resolve("server.pem"));
    Path key = ca.issue("node2", tmp.resolve("other.pem"));
    Path config = config("n1");
    Files.writeString(
        config,
        Files.readString(config)
            + "https:\n  certificate: "
            + certificate
            + "\n  key: "
            + key
            + "\n");
    assertEquals(ExitCodes.USAGE, exitOf(launch(config, null)));
    assertEquals(
        List.of(
            "maintd: https.key: the key in "
                + key
                + " does not match the certificate of https.certificate ("
                + certificate
                + ", O=maintd-test,CN=node1): give the key that certificate was issued for"),
        log().lines().filter(l -> !l.isBlank()).toList(),
        "one line, nothing else: " + log());
  }
}
