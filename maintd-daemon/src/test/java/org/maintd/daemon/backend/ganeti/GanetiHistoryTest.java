package org.maintd.daemon.backend.ganeti;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.cluster.Cluster;
import org.maintd.jobtime.PastOperation;
import org.maintd.spi.BackendException;

/**
 * The past operations read from Ganeti's queue: a real migration job of the sandbox read through
 * RAPI, timed from its submission to its end (a job that depended on another from its start), each
 * opcode maintd submits named as maintd names it, and what does not count left out (a failed job, a
 * node evacuation, a job of two opcodes, a clean-up, another replace-disks mode, an instance gone,
 * a job without times).
 */
class GanetiHistoryTest {
  private static final Instant START = Instant.ofEpochSecond(1795348832, 347_617_000);

  @TempDir Path dir;

  @Test
  void aRealMigrationOfTheSandboxIsReadThroughRapiWithItsTimeAndTheInstancesMemory()
      throws Exception {
    try (FakeRapi rapi = new FakeRapi(dir);
        RapiClient client = new RapiClient(rapi.settings(Duration.ofSeconds(5)))) {
      rapi.jobs.put("16", FakeRapi.resource("/rapi-jobs/migrate-success.json"));
      rapi.jobs.put("30", FakeRapi.resource("/rapi-jobs/evacuate-parent.json"));
      rapi.jobs.put("36", FakeRapi.resource("/rapi-jobs/evacuate-error.json"));
      GanetiBackend backend = new GanetiBackend(client);
      Cluster cluster = backend.snapshot();
      List<PastOperation> past = backend.pastOperations(cluster);
      assertEquals(
          List.of(
              new PastOperation(
                  "migrate",
                  cluster.instance("inst1.gnt.test").orElseThrow().memory(),
                  Instant.ofEpochSecond(1795348834, 546_813_000),
                  Duration.ofNanos(2_617_267_000L))),
          past);
    }
  }

  @Test
  void aQueueRapiCannotListIsABackendFailure() throws Exception {
    try (FakeRapi rapi = new FakeRapi(dir);
        RapiClient client = new RapiClient(rapi.settings(Duration.ofSeconds(5)))) {
      GanetiBackend backend = new GanetiBackend(client);
      Cluster cluster = backend.snapshot();
      rapi.failNext.set(5);
      assertThrows(BackendException.class, () -> backend.pastOperations(cluster));
    }
  }

  @ParameterizedTest(name = "{0} {1} is {2}")
  @CsvSource({
    "OP_INSTANCE_MIGRATE, '', migrate",
    "OP_INSTANCE_MIGRATE, cleanup, ''",
    "OP_INSTANCE_FAILOVER, '', failover",
    "OP_INSTANCE_MOVE, '', move",
    "OP_INSTANCE_REPLACE_DISKS, replace_new_secondary, replace-secondary",
    "OP_INSTANCE_REPLACE_DISKS, replace_auto, ''",
    "OP_INSTANCE_RECREATE_DISKS, '', recreate-disks",
    "OP_INSTANCE_REINSTALL, '', reinstall",
    "OP_INSTANCE_STARTUP, '', startup",
    "OP_INSTANCE_SHUTDOWN, '', shutdown",
    "OP_INSTANCE_ACTIVATE_DISKS, '', activate-disks",
    "OP_NODE_POWERCYCLE, '', reboot",
    "OP_NODE_SET_PARAMS, drained, drain",
    "OP_NODE_SET_PARAMS, offline, offline",
    "OP_NODE_SET_PARAMS, '', set-node-flags",
    "OP_NODE_EVACUATE, '', ''",
    "OP_NODE_MIGRATE, '', ''",
    "OP_TAGS_SET, '', ''"
  })
  void eachOpcodeMaintdSubmitsIsNamedAsMaintdNamesIt(String id, String flag, String kind) {
    Map<String, Object> op = new LinkedHashMap<>();
    op.put("OP_ID", id);
    if (flag.equals("replace_new_secondary") || flag.equals("replace_auto")) {
      op.put("mode", flag);
    } else if (!flag.isEmpty()) {
      op.put(flag, true);
    }
    assertEquals(kind.isEmpty() ? Optional.empty() : Optional.of(kind), GanetiHistory.kind(op));
  }

  private static Map<String, Object> job(String status, List<Map<String, Object>> ops) {
    Map<String, Object> job = new LinkedHashMap<>();
    job.put("id", 1);
    job.put("status", status);
    job.put("ops", ops);
    job.put("received_ts", List.of(START.getEpochSecond() - 1, 347_617));
    job.put("start_ts", List.of(START.getEpochSecond(), 347_617));
    job.put("end_ts", List.of(START.getEpochSecond() + 3, 347_617));
    return job;
  }

  private static Map<String, Object> drain() {
    return Map.of("OP_ID", "OP_NODE_SET_PARAMS", "node_name", "node2.gnt.test", "drained", true);
  }

  /**
   * A migration submitted after a drain, to start once the drain succeeded: timed from its start.
   */
  private static Map<String, Object> dependent() {
    Map<String, Object> op = new LinkedHashMap<>(migrate("inst2.gnt.test"));
    op.put("depends", List.of(List.of(5, List.of("success"))));
    return op;
  }

  private static Map<String, Object> migrate(String instance) {
    return Map.of("OP_ID", "OP_INSTANCE_MIGRATE", "instance_name", instance, "mode", "live");
  }

  /** The sandbox's cluster as its recorded RAPI answers describe it. */
  private Cluster recorded() throws Exception {
    try (FakeRapi rapi = new FakeRapi(dir);
        RapiClient client = new RapiClient(rapi.settings(Duration.ofSeconds(5)))) {
      return new GanetiBackend(client).snapshot();
    }
  }

  @Test
  void onlyJobsOfOneOpcodeThatSucceededWithTheirTimesCount() throws Exception {
    Cluster cluster = recorded();
    Map<String, Object> noEnd = job("success", List.of(drain()));
    noEnd.put("end_ts", null);
    Map<String, Object> backwards = job("success", List.of(drain()));
    backwards.put("end_ts", List.of(START.getEpochSecond() - 1, 0));
    List<PastOperation> past =
        GanetiHistory.of(
            java.util.Arrays.asList(
                job("success", List.of(drain())),
                job("error", List.of(drain())),
                job("running", List.of(drain())),
                job("success", List.of(drain(), drain())),
                job("success", List.of(migrate("gone.gnt.test"))),
                job("success", List.of(migrate("inst2.gnt.test"))),
                job("success", List.of(dependent())),
                noEnd,
                backwards,
                "not a job"),
            cluster);
    assertEquals(
        List.of(
            new PastOperation("drain", 0, START.plusSeconds(3), Duration.ofSeconds(4)),
            new PastOperation(
                "migrate",
                cluster.instance("inst2.gnt.test").orElseThrow().memory(),
                START.plusSeconds(3),
                Duration.ofSeconds(4)),
            new PastOperation(
                "migrate",
                cluster.instance("inst2.gnt.test").orElseThrow().memory(),
                START.plusSeconds(3),
                Duration.ofSeconds(3))),
        past);
  }
}
