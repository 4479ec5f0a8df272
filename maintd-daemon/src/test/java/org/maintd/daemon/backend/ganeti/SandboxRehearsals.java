package org.maintd.daemon.backend.ganeti;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.maintd.daemon.app.Daemon;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.config.Sim;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.job.ReasonTrail;
import org.maintd.protocol.json.Json;

/**
 * What the tests that rehearse an action on the sandbox and then carry it out share, registered as
 * their extension ({@code @RegisterExtension}): before each test the sandbox (skipped when none is
 * up) and a directory of the test's own; a daemon on the master, started by the test once it has
 * set the sandbox up, whose rehearsals learn job durations from a history it gives the sandbox and
 * take the given time per reboot, and closed after the test (the test closes it first, with {@link
 * #close}, before it puts the sandbox back); a rehearsal that must change nothing; the jobs maintd
 * then had Ganeti and the collectors run, in order, each as a summary a rehearsed job is also
 * given; where the instances are. Not thread-safe: one per test.
 */
final class SandboxRehearsals implements BeforeEachCallback, AfterEachCallback {
  private final HttpClient http = HttpClient.newHttpClient();
  private Sandbox sandbox;
  private Path credentials;
  private Path dir;
  private Daemon daemon;

  @Override
  public void beforeEach(ExtensionContext context) throws IOException {
    sandbox = Sandbox.load();
    dir = Files.createTempDirectory("gnt-rehearsal");
    credentials = sandbox.credentials(dir);
  }

  /** Closes the daemon and removes the test's directory. */
  @Override
  public void afterEach(ExtensionContext context) throws IOException {
    close();
    if (dir != null) {
      try (Stream<Path> files = Files.walk(dir)) {
        for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(f);
        }
      }
    }
  }

  /** The sandbox, loaded before the test; none when it was skipped. */
  Optional<Sandbox> sandbox() {
    return Optional.ofNullable(sandbox);
  }

  Path credentials() {
    return credentials;
  }

  /**
   * Starts a daemon on the master, on a fresh state in the test's directory with maintd's traces in
   * the cluster forgotten and Ganeti's queue archived, then given a history ({@link #history}), its
   * rehearsals learning job durations from that history and a rebooted node back after {@code
   * bootTime}.
   */
  void start(Duration bootTime) throws IOException, InterruptedException {
    sandbox.forgetMaintd(credentials);
    history();
    DaemonConfig config = sandbox.daemon(dir, Sandbox.FIRST_MASTER, credentials);
    Sim s = config.sim();
    Sim sim =
        new Sim(
            s.cluster(),
            s.diagnoseDir(),
            s.operationTime(),
            s.timePerGiB(),
            bootTime,
            s.masterFile(),
            s.followMaster(),
            s.shared(),
            s.generate());
    daemon = new Daemon(config.withSim(sim), Clock.systemUTC());
    daemon.start(true);
  }

  /**
   * Jobs of the kinds the rehearsals play, run by hand as an operator would, in Ganeti's queue
   * after it was archived: node2 drained and undrained, inst1 migrated to the other of node1 and
   * node2 (both in the default group in every test) and back. Everything is as it was after.
   */
  private void history() throws IOException, InterruptedException {
    String node = "node2.gnt.test";
    sandbox.onMaster("gnt-node", "modify", "--drained", "yes", node);
    sandbox.onMaster("gnt-node", "modify", "--drained", "no", node);
    String instance = "inst1.gnt.test";
    String home =
        sandbox.onMaster("gnt-instance", "list", "--no-headers", "-o", "pnode", instance).strip();
    String away = home.equals(Sandbox.FIRST_MASTER) ? node : Sandbox.FIRST_MASTER;
    sandbox.onMaster("gnt-instance", "migrate", "-f", "-n", away, instance);
    sandbox.onMaster("gnt-instance", "migrate", "-f", "-n", home, instance);
  }

  /** What the rehearsal says its job durations were: learned from the sandbox's history. */
  static String durations(Map<?, ?> rehearsal) {
    for (Object o : (List<?>) rehearsal.get("assumptions")) {
      if (o instanceof Map<?, ?> a && "job durations".equals(a.get("input"))) {
        return String.valueOf(a.get("assumed"));
      }
    }
    throw new AssertionError("no job durations among the assumptions: " + rehearsal);
  }

  /** Closes the daemon, when one was started and is not closed yet. */
  void close() {
    if (daemon != null) {
      daemon.close();
      daemon = null;
    }
  }

  /** {@code body} posted, signed, to {@code path} on the daemon. */
  HttpResponse<String> post(String path, String body) throws Exception {
    Path key = Path.of(sandbox.env.get("GANETI_HMAC_KEY"));
    return TestCluster.signedPost(http, key, daemon.port(), path, body);
  }

  /** {@code GET path} on the daemon, read as JSON. */
  Object get(String path) throws Exception {
    return Json.parse(
        http.send(
                java.net.http.HttpRequest.newBuilder(
                        java.net.URI.create("http://127.0.0.1:" + daemon.port() + path))
                    .build(),
                HttpResponse.BodyHandlers.ofString())
            .body());
  }

  /**
   * The rehearsal of {@code body}, once the daemon has its first snapshot, checked to have ended
   * {@code done}, submitted no job to Ganeti and left the stored state as it was.
   */
  Map<?, ?> rehearseChangingNothing(String body) throws Exception {
    long firstJob = sandbox.nextJobId();
    byte[] stateBefore =
        await("the daemon's first snapshot and stored state")
            .atMost(Duration.ofMinutes(1))
            .pollInterval(Duration.ofMillis(500))
            .until(this::storedState, s -> s.length > 0);
    HttpResponse<String> answer =
        await("a rehearsal once the daemon has its first snapshot")
            .atMost(Duration.ofMinutes(1))
            .pollInterval(Duration.ofMillis(500))
            .until(() -> post("/1/rehearsals", body), r -> r.statusCode() != 409);
    assertEquals(200, answer.statusCode(), answer.body());
    Map<?, ?> rehearsal = (Map<?, ?>) Json.parse(answer.body());
    assertEquals("done", ((Map<?, ?>) rehearsal.get("ending")).get("kind"), answer.body());
    assertEquals(firstJob, sandbox.nextJobId(), "the rehearsal submitted no job to Ganeti");
    assertArrayEquals(stateBefore, storedState(), "the rehearsal wrote no state");
    return rehearsal;
  }

  private byte[] storedState() throws IOException {
    Path file = dir.resolve("state").resolve("state.json");
    return Files.exists(file) ? Files.readAllBytes(file) : new byte[0];
  }

  /** Every instance's primary node, as Ganeti has it now. */
  Map<String, String> primaries() throws IOException, InterruptedException {
    Map<String, String> where = new LinkedHashMap<>();
    for (String line :
        sandbox
            .onMaster("gnt-instance", "list", "--no-headers", "-o", "name,pnode")
            .lines()
            .toList()) {
      String[] w = line.strip().split("\\s+");
      where.put(w[0], w[1]);
    }
    return where;
  }

  /** {@link #primaries()} now, as the {@code rehearsal} leaves them: with its moves made. */
  Map<String, String> placementsAfter(Map<?, ?> rehearsal)
      throws IOException, InterruptedException {
    Map<String, String> where = new LinkedHashMap<>(primaries());
    for (Object m : (List<?>) rehearsal.get("moves")) {
      Map<?, ?> move = (Map<?, ?>) m;
      where.put((String) move.get("instance"), (String) move.get("primary_to"));
    }
    return where;
  }

  /** Each job the {@code rehearsal} played, in order, as {@link #summary} has it. */
  static List<String> rehearsed(Map<?, ?> rehearsal) {
    List<String> jobs = new ArrayList<>();
    for (Object r : (List<?>) rehearsal.get("rounds")) {
      for (Object j : (List<?>) ((Map<?, ?>) r).get("jobs")) {
        Map<?, ?> job = (Map<?, ?>) j;
        Map<?, ?> op = (Map<?, ?>) ((List<?>) job.get("operations")).get(0);
        jobs.add(
            "reboot".equals(op.get("op"))
                ? byCollector((String) op.get("node"))
                : summary((String) job.get("reason")));
      }
    }
    return jobs;
  }

  /**
   * maintd's jobs from Ganeti's job {@code firstJob} on, one per maintd job, with the reboots the
   * nodes' collectors ran, in the order they were taken.
   */
  List<String> carriedOut(long firstJob) throws IOException {
    List<Taken> taken = new ArrayList<>(ganetiJobs(firstJob));
    taken.addAll(reboots());
    taken.sort(Comparator.comparing(Taken::at));
    return taken.stream().map(Taken::summary).toList();
  }

  /** A job as taken by Ganeti or a collector: when, and its summary. */
  private record Taken(Instant at, String summary) {}

  private List<Taken> ganetiJobs(long firstJob) {
    List<Taken> jobs = new ArrayList<>();
    try (RapiClient rapi = new RapiClient(sandbox.rapi(credentials))) {
      List<Map<?, ?>> all =
          ((List<?>) rapi.get("/2/jobs?bulk=1"))
              .stream()
                  .<Map<?, ?>>map(j -> (Map<?, ?>) j)
                  .filter(j -> id(j) >= firstJob)
                  .sorted(Comparator.comparingLong(SandboxRehearsals::id))
                  .toList();
      for (Map<?, ?> job : all) {
        Optional<String> reason =
            GanetiJob.reason(job, ReasonTrail.SOURCE + " ")
                .map(t -> summary(t.substring(t.indexOf(": ") + 2)));
        if (reason.isPresent()
            && (jobs.isEmpty() || !jobs.get(jobs.size() - 1).summary().equals(reason.get()))) {
          jobs.add(new Taken(received(job), reason.get()));
        }
      }
    }
    return jobs;
  }

  private static long id(Map<?, ?> job) {
    return ((Number) job.get("id")).longValue();
  }

  /** When Ganeti received the job ({@code received_ts}: seconds and microseconds). */
  private static Instant received(Map<?, ?> job) {
    List<?> ts = (List<?>) job.get("received_ts");
    return Instant.ofEpochSecond(
        ((Number) ts.get(0)).longValue(), ((Number) ts.get(1)).longValue() * 1000);
  }

  /** The reboots the nodes' collectors started, as their claims in the results directories say. */
  private List<Taken> reboots() throws IOException {
    List<Taken> reboots = new ArrayList<>();
    for (String node : sandbox.env.get("GANETI_NODES").split(" ")) {
      Path results = Path.of(sandbox.diagnoseFile(node)).resolveSibling("results");
      if (!Files.isDirectory(results)) {
        continue;
      }
      try (var files = Files.list(results)) {
        for (Path f : files.filter(p -> p.toString().endsWith(".started")).toList()) {
          Map<?, ?> claim = (Map<?, ?>) Json.parse(Files.readString(f));
          Map<?, ?> what = (Map<?, ?>) claim.get("original");
          if ("reboot".equals(what.get("operation"))) {
            reboots.add(
                new Taken(
                    Instant.parse((String) claim.get("started")),
                    byCollector((String) what.get("node"))));
          }
        }
      }
    }
    return reboots;
  }

  /**
   * A reboot run by a node's collector, which knows it by its operation and node only (not by its
   * reason).
   */
  private static String byCollector(String node) {
    return "reboot " + node + " (by its collector)";
  }

  /** A job's reason without its key, its operation number, its times and the campaign's id. */
  static String summary(String reason) {
    return reason
        .replaceAll(" \\[[^\\]]*\\]$", "")
        .replaceAll(" \\(operation \\d+ of \\d+\\)", "")
        .replaceAll("\\d{4}-\\d\\d-\\d\\dT[0-9:.]+Z", "T")
        .replaceAll("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "ID");
  }
}
