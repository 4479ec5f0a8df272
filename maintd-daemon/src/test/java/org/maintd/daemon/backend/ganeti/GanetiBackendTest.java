package org.maintd.daemon.backend.ganeti;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.TaggedObject;
import org.maintd.job.JobSpec;
import org.maintd.job.JobState;
import org.maintd.job.JobStatus;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;
import org.maintd.protocol.json.Json;
import org.maintd.spi.BackendException;

/**
 * The ganeti backend against a RAPI over real HTTPS answering a real cluster's recorded answers.
 */
class GanetiBackendTest {
  @TempDir Path dir;
  FakeRapi rapi;
  RapiClient client;
  GanetiBackend backend;

  @BeforeEach
  void start() throws Exception {
    rapi = new FakeRapi(dir);
    client = new RapiClient(rapi.settings(Duration.ofSeconds(5)));
    backend = new GanetiBackend(client);
  }

  @AfterEach
  void stop() throws Exception {
    client.close();
    rapi.close();
  }

  private static JobSpec job(String key, Operation... ops) {
    return new JobSpec(key, "incident-7", List.of(ops), ReasonTrail.of("drain and move", key, 1));
  }

  @Test
  void theSnapshotIsTheClusterRapiDescribes() {
    Cluster c = backend.snapshot();
    assertEquals(
        List.of("node1.gnt.test", "node2.gnt.test", "node3.gnt.test"),
        c.nodes().stream().map(n -> n.name()).toList());
    assertEquals("node1.gnt.test", backend.master());
    assertEquals(DiskTemplate.FILE, c.instance("inst4.gnt.test").orElseThrow().diskTemplate());
    assertEquals("node3.gnt.test", c.instance("inst3.gnt.test").orElseThrow().primary());
  }

  @Test
  void whatRapiCannotDoIsRefusedWithTheReasonAskingNothing() {
    Cluster c = backend.snapshot();
    int asked = rapi.requests.size();
    assertEquals(
        Optional.of(
            "move of inst4.gnt.test cannot be done through Ganeti's RAPI (Ganeti's RAPI cannot copy"
                + " an instance's disks to another node: move it with gnt-instance move, or remove"
                + " it)"),
        backend.refusal(
            new Operation.Move("inst4.gnt.test", "node1.gnt.test", "node2.gnt.test"), c));
    assertTrue(
        backend
            .refusal(new Operation.FailoverMaster("node1.gnt.test", "node2.gnt.test"), c)
            .isPresent());
    assertEquals(
        Optional.empty(),
        backend.refusal(
            new Operation.Migrate("inst2.gnt.test", "node2.gnt.test", "node3.gnt.test"), c));
    assertEquals(
        Optional.empty(), backend.refusal(Operation.SetNodeFlags.drain("node2.gnt.test"), c));
    assertEquals(asked, rapi.requests.size(), "nothing was asked of RAPI");
  }

  @Test
  void operationsBecomeRapiJobsInOrderWithTheReasonTrail() throws Exception {
    backend.snapshot();
    String id =
        backend.submit(
            job(
                "incident-7-r1-1",
                Operation.SetNodeFlags.drain("node2.gnt.test"),
                new Operation.Migrate("inst2.gnt.test", "node2.gnt.test", "node3.gnt.test")));
    assertEquals("100+101", id);
    List<FakeRapi.Seen> changes =
        rapi.requests.stream().filter(r -> !r.method().equals("GET")).toList();
    assertEquals("POST", changes.get(0).method());
    assertTrue(
        changes.get(0).pathAndQuery().startsWith("/2/nodes/node2.gnt.test/modify?reason="),
        changes.get(0).pathAndQuery());
    assertEquals(Map.of("drained", true), Json.parse(changes.get(0).body()));
    String reason =
        java.net.URLDecoder.decode(changes.get(0).pathAndQuery().split("reason=")[1], "UTF-8");
    assertEquals(
        "gnt:daemon:maintd incident-7: drain and move (operation 1 of 2) [incident-7-r1-1]",
        reason);
    assertEquals("PUT", changes.get(1).method());
    assertTrue(
        changes.get(1).pathAndQuery().startsWith("/2/instances/inst2.gnt.test/migrate?reason="));
    assertEquals(
        Map.of(
            "mode",
            "live",
            "target_node",
            "node3.gnt.test",
            "depends",
            List.of(List.of(100L, List.of("success")))),
        Json.parse(changes.get(1).body()),
        "the second waits for the first to succeed");
    assertEquals(JobStatus.SUCCESS, backend.job(id).status());

    assertEquals(
        List.of("100+101"), backend.findJobs("[incident-7-r1-1]"), "found again by its key");
    assertEquals(List.of(), backend.findJobs("[incident-7-r9-9]"));
  }

  @Test
  void anOperationWhoseAnswerIsLostIsFoundByItsOwnReasonAndTheRestAreSentOnce() throws Exception {
    try (RapiClient quick = new RapiClient(rapi.settings(Duration.ofMillis(500)))) {
      GanetiBackend lossy = new GanetiBackend(quick);
      lossy.snapshot();
      rapi.loseNextAnswer = Duration.ofSeconds(2);
      String id =
          lossy.submit(
              job(
                  "incident-7-r2-1",
                  Operation.SetNodeFlags.drain("node2.gnt.test"),
                  new Operation.Migrate("inst2.gnt.test", "node2.gnt.test", "node3.gnt.test")));
      assertEquals("100+101", id, "the drain Ganeti took, then the migration after it");
      assertEquals(2, rapi.jobs.size(), "each created once: " + rapi.jobs.keySet());
      assertEquals(
          2, rapi.requests.stream().filter(r -> !r.method().equals("GET")).count(), "sent once");
      assertEquals(List.of("100+101"), lossy.findJobs("[incident-7-r2-1]"));
    }
  }

  @Test
  void everyOperationHasItsRapiRequest() {
    Cluster c = backend.snapshot();
    assertEquals(
        Optional.of(
            new RapiCall(
                "POST",
                "/2/instances/inst3.gnt.test/replace-disks",
                Map.of("mode", "replace_new_secondary", "remote_node", "node1.gnt.test"))),
        OperationCalls.call(
            new Operation.ReplaceSecondary(
                "inst3.gnt.test", "node3.gnt.test", "node2.gnt.test", "node1.gnt.test"),
            c));
    assertEquals(
        Optional.of(
            new RapiCall(
                "PUT",
                "/2/instances/inst1.gnt.test/failover",
                Map.of("target_node", "node2.gnt.test"))),
        OperationCalls.call(
            new Operation.Failover("inst1.gnt.test", "node1.gnt.test", "node2.gnt.test"), c));
    assertEquals(
        Optional.of(new RapiCall("POST", "/2/nodes/node2.gnt.test/powercycle", Map.of())),
        OperationCalls.call(new Operation.RebootNode("node2.gnt.test"), c));
    assertEquals(
        Optional.of(
            new RapiCall(
                "POST",
                "/2/instances/inst1.gnt.test/recreate-disks",
                Map.of("nodes", List.of("node2.gnt.test")))),
        OperationCalls.call(
            new Operation.RecreateDisks(
                "inst1.gnt.test", "node1.gnt.test", "", List.of("node2.gnt.test")),
            c));
    assertEquals(
        Optional.of(
            new RapiCall("POST", "/2/nodes/node3.gnt.test/modify", Map.of("drained", false))),
        OperationCalls.call(
            new Operation.SetNodeFlags(
                "node3.gnt.test", java.util.Optional.of(false), java.util.Optional.empty()),
            c));
  }

  @Test
  void whatRapiCannotDoFailsAsAJobWithTheReason() {
    backend.snapshot();
    String id =
        backend.submit(
            job(
                "k-r1-2",
                new Operation.Move("inst4.gnt.test", "node1.gnt.test", "node2.gnt.test")));
    JobState state = backend.job(id);
    assertEquals(JobStatus.ERROR, state.status());
    assertTrue(
        state.message().contains("RAPI cannot copy an instance's disks to another node"),
        state.message());
    assertTrue(
        rapi.requests.stream().allMatch(r -> r.method().equals("GET")),
        "nothing was sent to Ganeti");
  }

  @Test
  void ganetisFailuresAndChildJobsDecideTheStatus() throws Exception {
    rapi.jobs.put("16", FakeRapi.resource("/rapi-jobs/migrate-success.json"));
    assertEquals(
        new JobState("16", JobStatus.SUCCESS, ""),
        backend.job("16"),
        "a real migration job of the sandbox");
    rapi.jobs.put("36", FakeRapi.resource("/rapi-jobs/evacuate-error.json"));
    JobState error = backend.job("36");
    assertEquals(JobStatus.ERROR, error.status());
    assertTrue(
        error.message().contains("Instances of type file cannot be relocated"), error.message());

    rapi.jobs.put("30", FakeRapi.resource("/rapi-jobs/evacuate-parent.json"));
    rapi.jobs.put("31", FakeRapi.job(31, "success", "", List.of()));
    rapi.jobs.put("32", FakeRapi.job(32, "error", "", List.of("Could not migrate inst9")));
    JobState parent = backend.job("30");
    assertEquals(JobStatus.ERROR, parent.status(), "the parent succeeded, a child did not");
    assertTrue(
        parent.message().contains("child job 32")
            && parent.message().contains("Could not migrate inst9"),
        parent.message());
    rapi.jobs.put("32", FakeRapi.job(32, "running", "", List.of()));
    assertEquals(
        JobStatus.RUNNING,
        backend.job("30").status(),
        "a running child keeps the parent from counting as done");
    assertEquals(JobStatus.UNKNOWN, backend.job("999").status());
  }

  @Test
  void tagsAreJobsThatAreWaitedFor() {
    backend.addTags(
        new TaggedObject(TaggedObject.Kind.NODE, "node2.gnt.test"),
        List.of("maintd:repairready:u1", "a b"));
    FakeRapi.Seen put =
        rapi.requests.stream().filter(r -> r.method().equals("PUT")).findFirst().orElseThrow();
    assertTrue(
        put.pathAndQuery()
            .startsWith("/2/nodes/node2.gnt.test/tags?tag=maintd%3Arepairready%3Au1&tag=a+b"),
        put.pathAndQuery());
    assertTrue(
        rapi.requests.stream().anyMatch(r -> r.pathAndQuery().equals("/2/jobs/100")),
        "the tag job was looked at");
    rapi.jobs.clear();
    rapi.nextJob.set(200);
    backend.removeTags(TaggedObject.cluster(), List.of("x"));
    assertTrue(
        rapi.requests.stream()
            .anyMatch(
                r -> r.method().equals("DELETE") && r.pathAndQuery().startsWith("/2/tags?tag=x")));
  }

  @Test
  void readsAreTriedAgainChangesAreNot() {
    rapi.failNext.set(2);
    assertEquals(3, backend.snapshot().nodes().size(), "two 500s, then an answer");
    rapi.failNext.set(1);
    long before = rapi.requests.size();
    RapiException e =
        assertThrows(
            RapiException.class,
            () -> backend.submit(job("k-r2-1", Operation.SetNodeFlags.drain("node2.gnt.test"))));
    assertEquals(500, e.status());
    assertTrue(e.getMessage().contains("answered 500: injected failure"), e.getMessage());
    assertEquals(
        1,
        rapi.requests.stream().skip(before).filter(r -> r.method().equals("POST")).count(),
        "the change was sent once");
  }

  @Test
  void badCredentialsTimeoutsAndNoServerAreClearErrors() throws Exception {
    Path wrong = dir.resolve("wrong");
    Files.writeString(wrong, "maintd nope\n");
    Files.setPosixFilePermissions(wrong, PosixFilePermissions.fromString("r--------"));
    try (RapiClient bad =
        new RapiClient(
            new RapiSettings(
                java.net.URI.create(rapi.url()),
                rapi.certificate,
                false,
                wrong,
                Duration.ofSeconds(5),
                3))) {
      RapiException e = assertThrows(RapiException.class, () -> new GanetiBackend(bad).snapshot());
      assertEquals(401, e.status());
      assertTrue(
          e.getMessage().contains("answered 401: Unauthorized (Bad credentials)"), e.getMessage());
    }
    rapi.delay = Duration.ofMillis(1500);
    try (RapiClient slow = new RapiClient(rapi.settings(Duration.ofMillis(300)))) {
      RapiException e = assertThrows(RapiException.class, () -> new GanetiBackend(slow).master());
      assertTrue(e.getMessage().contains("no answer within 300 ms"), e.getMessage());
    }
    rapi.delay = Duration.ZERO;
    String url = rapi.url();
    rapi.close();
    RapiException gone = assertThrows(RapiException.class, () -> backend.master());
    assertEquals(0, gone.status());
    assertTrue(
        gone.getMessage().contains("RAPI GET /2/info at " + url + " failed: Connection refused"),
        gone.getMessage());
  }

  @Test
  void aPasswordOthersCanReadOrACertificateFileWithoutCertificatesIsRefused() throws Exception {
    Files.setPosixFilePermissions(rapi.credentials, PosixFilePermissions.fromString("rw-r--r--"));
    BackendException open =
        assertThrows(BackendException.class, () -> RapiClient.login(rapi.credentials));
    assertTrue(
        open.getMessage().contains("readable by others than their owner (rw-r--r--); chmod 600 it"),
        open.getMessage());
    Files.setPosixFilePermissions(rapi.credentials, PosixFilePermissions.fromString("rw-------"));
    Path empty = dir.resolve("empty.pem");
    Files.writeString(empty, "not a certificate\n");
    RapiSettings untrusting =
        new RapiSettings(
            java.net.URI.create(rapi.url()),
            empty,
            false,
            rapi.credentials,
            Duration.ofSeconds(5),
            3);
    BackendException noCert =
        assertThrows(BackendException.class, () -> new RapiClient(untrusting));
    assertTrue(noCert.getMessage().contains("no certificate in " + empty), noCert.getMessage());
  }

  @Test
  void aServerWhoseCertificateIsNotTrustedIsRefused() throws Exception {
    Path other = dir.resolve("other");
    Files.createDirectories(other);
    try (FakeRapi stranger = new FakeRapi(other);
        RapiClient c =
            new RapiClient(
                new RapiSettings(
                    java.net.URI.create(stranger.url()),
                    rapi.certificate,
                    false,
                    rapi.credentials,
                    Duration.ofSeconds(5),
                    1))) {
      RapiException e = assertThrows(RapiException.class, () -> new GanetiBackend(c).master());
      assertEquals(0, e.status());
    }
  }
}
