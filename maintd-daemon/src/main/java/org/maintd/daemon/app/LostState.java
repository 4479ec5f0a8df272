package org.maintd.daemon.app;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Node;
import org.maintd.daemon.repair.RepairRecordsClient;
import org.maintd.incident.Observation;
import org.maintd.recovery.Recovery;
import org.maintd.recovery.Traces;
import org.maintd.spi.ClusterBackend;
import org.maintd.spi.JobTrace;
import org.maintd.spi.ReportSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the daemon does when it finds no state file: a fresh start only if the cluster shows no
 * trace of maintd's work (no {@code maintd:} node tags, no job with maintd's reason trail, no
 * repair run by a collector). Otherwise it refuses to start, saying what it found, unless told to
 * {@code --recover}: then it waits for maintd's jobs still under way to end and rebuilds the state
 * from the traces, before any new job is submitted. Used once, at start.
 */
final class LostState {
  private static final Logger log = LoggerFactory.getLogger(LostState.class);
  private static final Duration WAIT = Duration.ofMinutes(15);
  private static final Duration PAUSE = Duration.ofSeconds(2);

  private final ClusterBackend backend;
  private final ReportSource reports;
  private final RepairRecordsClient repairs;
  private final Clock clock;

  LostState(
      ClusterBackend backend, ReportSource reports, RepairRecordsClient repairs, Clock clock) {
    this.backend = backend;
    this.reports = reports;
    this.repairs = repairs;
    this.clock = clock;
  }

  /**
   * The state is missing while the cluster shows maintd's work, and this daemon was not told to
   * rebuild it: nothing may be done until it is restored or rebuilt.
   */
  static final class Lost extends StartupException {
    private final String where;

    Lost(String where, String message) {
      super(ExitCodes.FAILURE, message);
      this.where = where;
    }

    String where() {
      return where;
    }
  }

  /** Nothing on a fresh start; the rebuilt state with {@code recover}; a refusal otherwise. */
  Optional<Recovery.Recovered> check(String stateFile, boolean recover)
      throws InterruptedException {
    Cluster cluster = backend.snapshot();
    RepairRecordsClient.Answers answers = repairs.fetch(cluster.nodesByName().keySet());
    Traces traces = new Traces(tags(cluster), backend.jobTraces(), answers.records());
    if (traces.isEmpty()) {
      if (!answers.unanswered().isEmpty()) {
        log.warn(
            "no state file and no trace of maintd in the cluster; not every collector said which repairs it ran: {}",
            answers.unanswered());
      }
      log.info("no state in {} and no trace of maintd in the cluster: a fresh start", stateFile);
      return Optional.empty();
    }
    if (!recover) {
      throw new Lost(
          stateFile,
          "the state "
              + stateFile
              + " is missing, but the cluster shows"
              + " maintd's work: "
              + String.join("; ", traces.describe())
              + ". Starting afresh would do that work again."
              + " Restore the state (maintd --import-state FILE), or start one daemon once with"
              + " --recover to rebuild the state from these traces.");
    }
    List<String> online = unansweredOnline(cluster, answers.unanswered());
    if (!online.isEmpty()) {
      throw new StartupException(
          ExitCodes.FAILURE,
          "cannot recover: the collectors of online nodes did not say which"
              + " repairs they ran ("
              + String.join("; ", online)
              + "); those repairs could run again");
    }
    traces = new Traces(traces.nodeTags(), settled(traces.jobs()), traces.repairs());
    Map<String, Observation> observed = new HashMap<>();
    reports
        .poll(cluster.nodesByName().keySet())
        .forEach((node, r) -> observed.put(node, r.observation()));
    Recovery.Recovered rebuilt =
        new Recovery().rebuild(backend.snapshot(), traces, observed, clock.instant());
    log.warn(
        "state rebuilt from the cluster's traces ({}); automatic actions are paused until maintctl resume",
        String.join("; ", traces.describe()));
    rebuilt.notes().forEach(n -> log.warn("recovered: {}", n));
    return Optional.of(rebuilt);
  }

  private static Map<String, List<String>> tags(Cluster cluster) {
    Map<String, List<String>> tags = new HashMap<>();
    for (Node n : cluster.nodes()) {
      tags.put(n.name(), n.tags().stream().filter(t -> t.startsWith(Traces.TAG_PREFIX)).toList());
    }
    return tags;
  }

  private static List<String> unansweredOnline(Cluster cluster, List<String> unanswered) {
    List<String> out = new ArrayList<>();
    for (String u : unanswered) {
      String node = u.substring(0, u.indexOf(':'));
      if (cluster.node(node).map(n -> !n.offline()).orElse(false)) {
        out.add(u);
      }
    }
    return out;
  }

  /**
   * The jobs once none of them is queued or running any more, waiting for them up to {@link #WAIT}.
   */
  private List<JobTrace> settled(List<JobTrace> jobs) throws InterruptedException {
    Instant until = clock.instant().plus(WAIT);
    List<JobTrace> now = jobs;
    while (now.stream().anyMatch(j -> !j.status().isFinished())) {
      if (clock.instant().isAfter(until)) {
        throw new StartupException(
            ExitCodes.FAILURE,
            "cannot recover: maintd's jobs "
                + now.stream().filter(j -> !j.status().isFinished()).map(JobTrace::id).toList()
                + " are still running after "
                + WAIT.toMinutes()
                + " minutes");
      }
      log.info(
          "waiting for maintd's jobs still under way before rebuilding the state: {}",
          now.stream().filter(j -> !j.status().isFinished()).map(JobTrace::id).toList());
      Thread.sleep(PAUSE.toMillis());
      now = backend.jobTraces();
    }
    return now;
  }
}
