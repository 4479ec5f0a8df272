package org.maintd.daemon.repair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.eclipse.jetty.client.HttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.maintd.daemon.clock.Ticker;
import org.maintd.daemon.poll.CollectorCalls;
import org.maintd.daemon.poll.CollectorUrls;
import org.maintd.daemon.testing.FakeClock;
import org.maintd.job.JobSpec;
import org.maintd.job.JobState;
import org.maintd.job.JobStatus;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;
import org.maintd.protocol.repair.RepairResult;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.protocol.signing.SignatureVerifier;
import org.maintd.spi.ClusterBackend;

/**
 * A reboot sent to a node's collector whose answer never comes: when the connection was made and
 * then dropped, the node may be going down, so the job is taken as sent and the campaign watches
 * for a new boot id; when no connection was made, nothing was sent and the job fails, unless the
 * reboot was sent before, by a daemon that another took over from (then the node may be down for
 * that very reboot).
 */
class NodeCommandJobsTest {
  private final HmacKey key = new HmacKey("k".getBytes(StandardCharsets.UTF_8));
  private final HttpClient http = new HttpClient();
  private final ClusterBackend backend = mock(ClusterBackend.class);

  @AfterEach
  void stop() throws Exception {
    http.stop();
  }

  private NodeCommandJobs jobsTo(int port) throws Exception {
    http.start();
    CollectorUrls urls = new CollectorUrls("http://127.0.0.1:" + port, Map.of());
    RepairClient client =
        new RepairClient(
            new CollectorCalls(
                http,
                urls,
                key,
                new SignatureVerifier(key, Duration.ofSeconds(300)),
                Clock.systemUTC()),
            Duration.ofSeconds(5));
    return new NodeCommandJobs(
        client,
        Runnable::run,
        backend,
        new NodeCommandJobs.Routing(
            true, "reboot", true, "master-failover", Duration.ofSeconds(30)),
        node -> false,
        Ticker.SYSTEM);
  }

  private static JobSpec reboot(String node) {
    return new JobSpec(
        "reboot-" + node,
        "campaign:c1",
        List.of(new Operation.RebootNode(node, false)),
        ReasonTrail.of("reboot", "reboot-" + node, 1));
  }

  @Test
  void aRebootWhoseConnectionDropsBeforeTheAnswerIsTakenAsSent() throws Exception {
    try (ServerSocket collector = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Thread dropper =
          new Thread(
              () -> {
                try (Socket s = collector.accept()) {
                  InputStream in = s.getInputStream();
                  // the whole request arrives, then the node goes down before it answers
                  byte[] buf = new byte[8192];
                  String seen = "";
                  while (!seen.contains("\r\n\r\n") || !seen.endsWith("}")) {
                    int n = in.read(buf);
                    if (n < 0) {
                      break;
                    }
                    seen += new String(buf, 0, n, StandardCharsets.UTF_8);
                  }
                } catch (IOException ignored) {
                  // the test's assertions tell what happened
                }
              });
      dropper.start();
      NodeCommandJobs jobs = jobsTo(collector.getLocalPort());
      JobState state = jobs.job(jobs.submit(reboot("node3")));
      dropper.join();
      assertEquals(JobStatus.SUCCESS, state.status(), state.message());
      assertTrue(state.message().contains("answer was lost"), state.message());
      assertTrue(state.message().contains("a new boot id will tell"), state.message());
    }
    verifyNoInteractions(backend);
  }

  /** What comes of a job {@code send} sends to a collector whose port refuses connections. */
  private JobState sentToACollectorThatIsDown(
      java.util.function.BiFunction<NodeCommandJobs, JobSpec, String> send, JobSpec job)
      throws Exception {
    // a port bound but not listening refuses the connection, and no other server can take it
    try (Socket holder = new Socket()) {
      holder.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
      NodeCommandJobs jobs = jobsTo(holder.getLocalPort());
      return jobs.job(send.apply(jobs, job));
    }
  }

  @Test
  void aRebootThatCouldNotConnectFails() throws Exception {
    JobState state = sentToACollectorThatIsDown(NodeCommandJobs::submit, reboot("node3"));
    assertEquals(JobStatus.ERROR, state.status(), state.message());
    assertTrue(state.message().startsWith("reboot request to node3 failed"), state.message());
  }

  @Test
  void aRebootSentAgainAfterATakeOverToACollectorThatIsDownIsTakenAsUnderWay() throws Exception {
    JobState state = sentToACollectorThatIsDown(NodeCommandJobs::resubmit, reboot("node3"));
    assertEquals(JobStatus.SUCCESS, state.status(), state.message());
    assertTrue(
        state.message().startsWith("reboot sent to node3 before this daemon took over"),
        state.message());
    assertTrue(state.message().contains("a new boot id will tell"), state.message());
    verifyNoInteractions(backend);
  }

  @Test
  void aMasterFailoverSentAgainToACollectorThatIsDownFails() throws Exception {
    JobSpec failover =
        new JobSpec(
            "failover-node3",
            "campaign:c1",
            List.of(new Operation.FailoverMaster("node1", "node3")),
            ReasonTrail.of("failover", "failover-node3", 1));
    JobState state = sentToACollectorThatIsDown(NodeCommandJobs::resubmit, failover);
    assertEquals(JobStatus.ERROR, state.status(), state.message());
  }

  @Test
  void aMasterFailoverWaitsItsWholeTimeOnTheMonotonicClockWhateverStepsTheWallClockTakes() {
    FakeClock clock = new FakeClock(Instant.parse("2026-11-29T12:00:00Z"));
    when(backend.master()).thenReturn("node1");
    RepairTransport ran =
        request -> new RepairResult("node3", "", "master-failover", 0, "done", null, false);
    NodeCommandJobs jobs =
        new NodeCommandJobs(
            ran,
            Runnable::run,
            backend,
            new NodeCommandJobs.Routing(
                true, "reboot", true, "master-failover", Duration.ofSeconds(30)),
            node -> false,
            clock);
    String id =
        jobs.submit(
            new JobSpec(
                "failover-node3",
                "campaign:c1",
                List.of(new Operation.FailoverMaster("node1", "node3")),
                ReasonTrail.of("failover", "failover-node3", 1)));
    clock.step(Duration.ofHours(1));
    assertEquals(JobStatus.RUNNING, jobs.job(id).status(), "an hour's step is not a wait");
    clock.advance(Duration.ofSeconds(30));
    assertEquals(JobStatus.RUNNING, jobs.job(id).status(), jobs.job(id).message());
    clock.advance(Duration.ofSeconds(1));
    JobState failed = jobs.job(id);
    assertEquals(JobStatus.ERROR, failed.status(), failed.message());
    assertTrue(failed.message().endsWith("still names node1 after 30 s"), failed.message());
  }

  @Test
  void aConnectTimeoutOrARefusalIsNotALostAnswer() {
    assertFalse(
        LostAnswer.mayHaveArrived(
            new ExecutionException(new SocketTimeoutException("Connect Timeout"))));
    assertFalse(
        LostAnswer.mayHaveArrived(
            new ExecutionException(new java.net.ConnectException("Connection refused"))));
    assertTrue(
        LostAnswer.mayHaveArrived(
            new ExecutionException(new java.io.EOFException("HttpConnectionOverHTTP closed"))));
    assertTrue(
        LostAnswer.mayHaveArrived(
            new ExecutionException(new java.util.concurrent.TimeoutException("Total timeout"))));
    assertFalse(LostAnswer.mayHaveArrived(new IllegalStateException("wrong-node: ...")));
  }
}
