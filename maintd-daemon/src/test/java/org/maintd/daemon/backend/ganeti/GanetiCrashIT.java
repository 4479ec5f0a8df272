package org.maintd.daemon.backend.ganeti;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.config.DaemonConfig;

/**
 * maintd as a process on a real Ganeti cluster, killed with SIGKILL right after its first job was
 * submitted and before it recorded the job's id: restarted, it finds the job in Ganeti's queue by
 * its reason trail and does not submit it again.
 */
class GanetiCrashIT {
  private static final Path JAR = Path.of("target", "maintd.jar");

  @TempDir Path dir;
  Sandbox sandbox;
  Path credentials;
  final List<Process> processes = new ArrayList<>();

  /** The first job id of this test in Ganeti's queue (the sandbox may have run other tests). */
  long firstJob;

  @BeforeEach
  void start() throws Exception {
    sandbox = Sandbox.load();
    credentials = sandbox.credentials(dir);
    sandbox.forgetMaintd(credentials);
  }

  @AfterEach
  void restore() throws Exception {
    for (Process p : processes) {
      p.destroyForcibly().waitFor(20, TimeUnit.SECONDS);
    }
    if (sandbox == null) {
      return;
    }
    sandbox.putBack(credentials, "node3.gnt.test", List.of("inst2.gnt.test"));
  }

  private Path config() throws IOException {
    DaemonConfig c = sandbox.daemon(dir, "node1.gnt.test", credentials);
    StringBuilder y = new StringBuilder();
    y.append("node: node1.gnt.test\nbind: 127.0.0.1\nport: 0\nstateDir: ")
        .append(c.stateDir())
        .append("\nbackend: ganeti\nhmacKeyFile: ")
        .append(c.hmacKeyFile())
        .append("\nhmacKeyGroup: gnt-masterd\nusersFile: ")
        .append(c.usersFile())
        .append("\npollInterval: 500ms\nstormThreshold: 50%\ncollector:\n  timeout: 5s\n  urls:\n");
    c.collector()
        .urls()
        .forEach((n, u) -> y.append("    ").append(n).append(": ").append(u).append('\n'));
    y.append("ganeti:\n  rapiUrl: ")
        .append(c.ganeti().rapiUrl())
        .append("\n  certificate: ")
        .append(c.ganeti().certificate())
        .append("\n  credentials: ")
        .append(credentials)
        .append('\n');
    Path file = dir.resolve("maintd.yaml");
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
            .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("daemon.log").toFile()))
            .start();
    processes.add(p);
    return p;
  }

  private String log() throws IOException {
    return Files.readString(dir.resolve("daemon.log"));
  }

  @Test
  void killedAfterSubmittingItFindsTheJobInGanetisQueueAndDoesNotSubmitItAgain() throws Exception {
    firstJob = sandbox.nextJobId();
    Files.writeString(
        Path.of(sandbox.diagnoseFile("node3.gnt.test")), "{\"status\": \"evacuate\"}");
    Path config = config();
    Process first = launch(config, "after-submit");
    assertTrue(
        first.waitFor(3, TimeUnit.MINUTES),
        "the daemon was not killed at the crash point: " + log());
    assertEquals(137, first.exitValue(), log());
    String queue = sandbox.onMaster("gnt-job", "list", "--no-headers", "-o", "id,summary");
    List<String> drains =
        queue
            .lines()
            .filter(l -> l.contains("NODE_SET_PARAMS(node3.gnt.test)"))
            .filter(l -> Long.parseLong(l.strip().split("\\s+")[0]) >= firstJob)
            .toList();
    assertEquals(1, drains.size(), "the drain reached Ganeti once before the kill: " + queue);
    assertEquals(1, drainsInQueue());

    Process second = launch(config, null);
    await("the restarted daemon finds its job")
        .atMost(Duration.ofMinutes(2))
        .until(
            () ->
                log()
                    .contains(
                        "was already submitted as "
                            + drains.get(0).strip().split("\\s+")[0]
                            + "; not submitting it again"));
    assertTrue(second.isAlive(), log());
    assertEquals(1, drainsInQueue(), "no second drain of node3 in Ganeti's queue");
  }

  @Test
  void aLostStateFileIsRefusedOnTheRealClusterAndRecoverRebuildsTheIncidentFromGanetisQueue()
      throws Exception {
    firstJob = sandbox.nextJobId();
    Files.writeString(
        Path.of(sandbox.diagnoseFile("node3.gnt.test")), "{\"status\": \"evacuate\"}");
    Path config = config();
    Process first = launch(config, null);
    await("the drain of node3 reaches Ganeti")
        .atMost(Duration.ofMinutes(2))
        .until(() -> drainsInQueue() == 1);
    first.destroyForcibly().waitFor(20, TimeUnit.SECONDS);
    Files.delete(dir.resolve("state/state.json"));

    Process refused = launch(config, null);
    assertTrue(refused.waitFor(2, TimeUnit.MINUTES), log());
    assertEquals(1, refused.exitValue(), log());
    assertTrue(log().contains("is missing, but the cluster shows maintd's work"), log());
    assertTrue(log().contains("job(s) in the cluster's queue carry maintd's reason trail"), log());

    Process recovered = launch(config, null, "--recover");
    await("the state is rebuilt")
        .atMost(Duration.ofMinutes(3))
        .until(
            () ->
                log().contains("recovered: incident ")
                    && log().contains(" on node3.gnt.test (evacuate): "));
    assertTrue(recovered.isAlive(), log());
    assertTrue(log().contains("automatic actions are paused until maintctl resume"), log());
    assertEquals(1, drainsInQueue(), "nothing submitted again");
  }

  /** Jobs in Ganeti's queue whose reason trail is maintd's drain of node3. */
  private long drainsInQueue() {
    return sandbox.jobsWithReason(credentials, firstJob, "drain node3.gnt.test [");
  }
}
