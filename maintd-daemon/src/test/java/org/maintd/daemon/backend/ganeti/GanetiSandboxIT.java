package org.maintd.daemon.backend.ganeti;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Instance;
import org.maintd.cluster.TaggedObject;
import org.maintd.daemon.app.Daemon;
import org.maintd.daemon.app.ExitCodes;
import org.maintd.daemon.app.StartupException;
import org.maintd.harep.RepairResult;
import org.maintd.harep.RepairState;
import org.maintd.harep.RepairTag;
import org.maintd.harep.RepairType;
import org.maintd.job.JobSpec;
import org.maintd.job.JobState;
import org.maintd.job.JobStatus;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;

/**
 * The ganeti backend against a real Ganeti 3.0 cluster: the sandbox of {@code
 * scripts/ganeti-sandbox} (three nodes in network namespaces, RAPI on {@code
 * https://127.0.0.1:5080}). Skipped, saying why, when no sandbox is up. Jobs really move instances;
 * every test puts back what it moved.
 */
class GanetiSandboxIT {
  private static Sandbox sandbox;
  private static RapiClient client;
  private static GanetiBackend backend;

  @BeforeAll
  static void connect() throws Exception {
    sandbox = Sandbox.load();
    client = new RapiClient(sandbox.rapi(sandbox.credentials(Files.createTempDirectory("rapi"))));
    backend = new GanetiBackend(client);
  }

  @AfterAll
  static void close() {
    if (client != null) {
      client.close();
    }
  }

  private static String onMaster(String... command) throws IOException, InterruptedException {
    return sandbox.onMaster(command);
  }

  private static JobState await(String id) {
    org.awaitility.Awaitility.await("Ganeti job " + id)
        .atMost(Duration.ofSeconds(120))
        .pollInterval(Duration.ofMillis(250))
        .until(() -> backend.job(id).status().isFinished());
    return backend.job(id);
  }

  @Test
  void theSnapshotIsWhatGntNodeAndGntInstanceList() throws Exception {
    Cluster c = backend.snapshot();
    List<String> nodes =
        onMaster("gnt-node", "list", "--no-headers", "-o", "name")
            .lines()
            .map(String::strip)
            .toList();
    assertEquals(nodes, c.nodes().stream().map(n -> n.name()).toList());
    assertEquals(onMaster("gnt-cluster", "getmaster").strip(), backend.master());
    Map<String, String> primaries = new LinkedHashMap<>();
    for (String line :
        onMaster(
                "gnt-instance",
                "list",
                "--no-headers",
                "--separator=|",
                "-o",
                "name,pnode,disk_template")
            .lines()
            .toList()) {
      String[] f = line.split("\\|");
      primaries.put(f[0], f[1] + " " + f[2]);
    }
    Map<String, String> ours = new LinkedHashMap<>();
    for (Instance i : c.instances()) {
      ours.put(i.name(), i.primary() + " " + i.diskTemplate().wireName());
    }
    assertEquals(primaries, ours);
  }

  @Test
  void aMigrationRunsAsARealJobAndIsFoundByItsReasonTrail() throws Exception {
    Cluster c = backend.snapshot();
    Instance shared =
        c.instances().stream()
            .filter(i -> i.diskTemplate().wireName().equals("sharedfile"))
            .findFirst()
            .orElseThrow();
    String target =
        c.nodes().stream()
            .map(n -> n.name())
            .filter(n -> !n.equals(shared.primary()))
            .findFirst()
            .orElseThrow();
    String key = "it-" + System.nanoTime() + "-r1-1";
    JobSpec job =
        new JobSpec(
            key,
            "incident-it",
            List.of(new Operation.Migrate(shared.name(), shared.primary(), target)),
            ReasonTrail.of("move " + shared.name() + " for the integration test", key, 1));
    String id = backend.submit(job);
    JobState done = await(id);
    assertEquals(JobStatus.SUCCESS, done.status(), done.message());
    assertEquals(target, backend.snapshot().instance(shared.name()).orElseThrow().primary());
    assertEquals(List.of(id), backend.findJobs("[" + key + "]"));
    String info = onMaster("gnt-job", "info", id);
    assertTrue(
        info.contains("gnt:daemon:maintd incident-it") && info.contains("[" + key + "]"), info);

    String back =
        backend.submit(
            new JobSpec(
                key + "b",
                "incident-it",
                List.of(new Operation.Migrate(shared.name(), target, shared.primary())),
                ReasonTrail.of("put it back", key + "b", 1)));
    assertEquals(JobStatus.SUCCESS, await(back).status());
  }

  @Test
  void ganetiRefusesToMigrateAFileInstanceAndItsMessageIsKept() throws Exception {
    Cluster c = backend.snapshot();
    Instance file =
        c.instances().stream()
            .filter(i -> i.diskTemplate().wireName().equals("file"))
            .findFirst()
            .orElseThrow();
    String target =
        c.nodes().stream()
            .map(n -> n.name())
            .filter(n -> !n.equals(file.primary()))
            .findFirst()
            .orElseThrow();
    String key = "it-" + System.nanoTime() + "-r1-2";
    String id =
        backend.submit(
            new JobSpec(
                key,
                "incident-it",
                List.of(new Operation.Migrate(file.name(), file.primary(), target)),
                ReasonTrail.of("try the file instance", key, 1)));
    JobState failed = await(id);
    assertEquals(JobStatus.ERROR, failed.status());
    assertTrue(failed.message().contains("Ganeti job " + id + " error: Op"), failed.message());
    assertEquals(file.primary(), backend.snapshot().instance(file.name()).orElseThrow().primary());
  }

  @Test
  void drainingAndTagsGoThroughRapiAndShowInGanetisOwnTools() throws Exception {
    String node =
        backend.snapshot().nodes().stream()
            .filter(n -> !n.master())
            .findFirst()
            .orElseThrow()
            .name();
    String key = "it-" + System.nanoTime() + "-r1-3";
    String id =
        backend.submit(
            new JobSpec(
                key,
                "incident-it",
                List.of(
                    Operation.SetNodeFlags.drain(node),
                    new Operation.SetNodeFlags(node, Optional.of(false), Optional.empty())),
                ReasonTrail.of("drain and undrain " + node, key, 1)));
    assertTrue(id.contains("+"), "two Ganeti jobs, the second depending on the first: " + id);
    assertEquals(JobStatus.SUCCESS, await(id).status());
    assertFalse(backend.snapshot().node(node).orElseThrow().drained());

    String tag = "maintd:repairready:it-" + System.nanoTime();
    backend.addTags(new TaggedObject(TaggedObject.Kind.NODE, node), List.of(tag));
    assertTrue(onMaster("gnt-node", "list-tags", node).lines().anyMatch(tag::equals));
    backend.removeTags(new TaggedObject(TaggedObject.Kind.NODE, node), List.of(tag));
    assertFalse(onMaster("gnt-node", "list-tags", node).lines().anyMatch(tag::equals));
  }

  @Test
  void onANodeThatIsNotTheMasterTheDaemonExits11AndWithBadCredentialsItSaysSo() throws Exception {
    Path dir = Files.createTempDirectory("maintd-it");
    Path credentials = sandbox.credentials(dir);
    try (Daemon d =
        new Daemon(sandbox.daemon(dir, "node2.gnt.test", credentials), Clock.systemUTC())) {
      StartupException e = assertThrows(StartupException.class, () -> d.start(true));
      assertEquals(ExitCodes.NOT_MASTER, e.exitCode());
      assertTrue(
          e.getMessage().contains("this node (node2.gnt.test) is not the master (node1.gnt.test)"),
          e.getMessage());
    }
    Files.writeString(credentials, "maintd wrong-password\n");
    try (Daemon d =
        new Daemon(sandbox.daemon(dir, "node1.gnt.test", credentials), Clock.systemUTC())) {
      StartupException e = assertThrows(StartupException.class, () -> d.start(true));
      assertTrue(e.getMessage().contains("answered 401"), e.getMessage());
    }
  }

  @Test
  void ganetisHarepReadsTheRepairTagsMaintdWritesOnRealInstances() throws Exception {
    String key = "it-" + System.nanoTime() + "-r1-9";
    String job =
        backend.submit(
            new JobSpec(
                key,
                "incident-it",
                List.of(
                    new Operation.SetNodeFlags(
                        "node3.gnt.test", Optional.of(false), Optional.empty())),
                ReasonTrail.of("a job for the repair tags to name", key, 1)));
    assertEquals(JobStatus.SUCCESS, await(job).status());
    long now = Instant.now().getEpochSecond();
    String failed =
        RepairTag.pending(RepairType.FAILOVER, UUID.randomUUID().toString(), now, List.of(job))
            .ended(RepairResult.FAILURE, now)
            .text();
    TaggedObject inst2 = new TaggedObject(TaggedObject.Kind.INSTANCE, "inst2.gnt.test");
    backend.addTags(inst2, List.of(failed));
    try {
      List<String> cmd = new ArrayList<>(List.of(sandbox.env.get("GANETI_ON_NODE1").split(" ")));
      cmd.addAll(List.of("harep", "--dry-run"));
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(p.waitFor(120, TimeUnit.SECONDS), "harep did not finish");
      assertEquals(0, p.exitValue(), "harep read maintd's tag without error:\n" + out);
      assertTrue(
          out.lines().anyMatch("Failure: 1"::equals),
          "harep counts inst2 as failed, as maintd reads the tag:\n" + out);
      assertEquals(
          RepairState.Failed.class,
          RepairState.of(
                  "inst2.gnt.test",
                  backend.snapshot().instance("inst2.gnt.test").orElseThrow().tags())
              .getClass());
    } finally {
      backend.removeTags(inst2, List.of(failed));
    }
  }
}
