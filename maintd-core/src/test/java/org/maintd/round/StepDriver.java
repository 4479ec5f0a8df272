package org.maintd.round;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.diagnose.DiagnoseParser;
import org.maintd.incident.Incident;
import org.maintd.incident.Observation;
import org.maintd.job.JobSpec;
import org.maintd.job.JobState;
import org.maintd.job.JobStatus;
import org.maintd.maintenance.MachineId;
import org.maintd.maintenance.Schedule;
import org.maintd.maintenance.Window;
import org.maintd.spi.CollectorReading;
import org.maintd.spi.Intent;
import org.maintd.spi.MaintdState;
import org.maintd.testing.ClusterBuilder;

/**
 * Drives the round's step as the daemon does, remembering its state, the effects and outcomes
 * between steps; with the four-node cluster, the readings and the checks the round's tests share.
 */
final class StepDriver {
  static final Instant T0 = Instant.ofEpochSecond(1_800_000_000);

  static Cluster cluster() {
    return new ClusterBuilder()
        .node("n1", "g", 8192, 100000, true)
        .node("n2", "g", 8192, 100000, false)
        .node("n3", "g", 8192, 100000, false)
        .node("n4", "g", 8192, 100000, false)
        .instance("i1", "n2", "n3", DiskTemplate.DRBD)
        .build();
  }

  final AtomicLong uuids = new AtomicLong();
  final RoundStep step;
  RoundState state = RoundState.of(MaintdState.initial(T0));
  Cluster cluster = cluster();
  Instant now = T0;
  List<Outcome> outcomes = List.of();
  StepResult last;
  long commands;

  StepDriver(Settings settings) {
    step = new RoundStep(settings, () -> new UUID(0, uuids.incrementAndGet()));
  }

  StepDriver() {
    this(Settings.defaults());
  }

  StepResult tick(Map<String, Observation> poll, Map<String, JobState> jobs) {
    Map<String, CollectorReading> readings = new HashMap<>();
    poll.forEach((node, o) -> readings.put(node, reading(node, o, now)));
    return take(Inputs.tick(cluster, readings, jobs, outcomes, List.of()));
  }

  StepResult tick(Map<String, Observation> poll) {
    return tick(poll, Map.of());
  }

  /**
   * A tick where each node of {@code boots} reports ok with its boot id (off, unreachable, when its
   * boot id is empty), every watched job has {@code jobs}, and the wall clock was seen to step by
   * {@code clockStep} since the last step.
   */
  StepResult tickBoots(Map<String, String> boots, JobStatus jobs, Duration clockStep) {
    Map<String, CollectorReading> readings = new HashMap<>();
    boots.forEach(
        (node, boot) ->
            readings.put(
                node,
                boot.isEmpty()
                    ? new CollectorReading(
                        node, new Observation.Unknown("off"), "unreachable", "", now, "")
                    : new CollectorReading(node, new Observation.Clear(), "ok", "", now, boot)));
    return take(
        Inputs.tick(cluster, readings, jobsAll(jobs), outcomes, List.of())
            .withClockStep(clockStep));
  }

  StepResult command(Command c) {
    return take(Inputs.commands(null, outcomes, List.of(new Inputs.Numbered(++commands, c))));
  }

  Reply reply() {
    return last.replies().get(commands);
  }

  StepResult take(Inputs inputs) {
    last = step.step(state, inputs, now);
    state = last.state();
    outcomes = List.of();
    now = now.plusSeconds(5);
    return last;
  }

  /**
   * Every effect succeeds: each submission gets the next job id, each tag change is made, a look-up
   * finds nothing (nothing was submitted behind the driver's back).
   */
  void carryOut() {
    List<Outcome> out = new ArrayList<>();
    for (Effect e : last.effects()) {
      if (e instanceof Effect.Submit s) {
        out.add(new Outcome.Submitted(s.key(), "job-" + s.key()));
      } else if (e instanceof Effect.LookUp l) {
        out.add(new Outcome.NotFound(l.key()));
      } else {
        Effect.Tag tag = (Effect.Tag) e;
        cluster = cluster.withTagsChanged(tag.object(), tag.add(), tag.remove());
        out.add(new Outcome.Tagged(e.key()));
      }
    }
    outcomes = out;
  }

  /** The operations of the jobs the last step submitted, in order. */
  List<org.maintd.job.Operation> submittedOperations() {
    return submits(last).stream().flatMap(j -> j.operations().stream()).toList();
  }

  /** Starts a campaign that reboots {@code nodes}, one at a time; its id. */
  String startCampaign(String... nodes) {
    command(
        new Command.StartCampaign(
            new org.maintd.campaign.CampaignSpec(
                new org.maintd.campaign.NodeSelection(List.of(nodes), "", List.of()),
                org.maintd.campaign.CampaignMode.MIGRATE_REBOOT,
                1,
                java.time.Duration.ofSeconds(10),
                java.time.Duration.ofMinutes(10),
                List.of()),
            "op"));
    return stored().campaigns().get(0).id();
  }

  MaintdState stored() {
    return state.stored();
  }

  Incident incident() {
    return stored().incidents().get(0);
  }

  /** Every job the next tick watches (as the daemon finds them) has {@code status}. */
  Map<String, JobState> jobsAll(JobStatus status) {
    Map<String, JobState> jobs = new HashMap<>();
    Watch.jobs(stored(), cluster, outcomes)
        .keySet()
        .forEach(
            id ->
                jobs.put(
                    id, new JobState(id, status, status == JobStatus.SUCCESS ? "" : "it broke")));
    return jobs;
  }

  static CollectorReading reading(String node, Observation o, Instant at) {
    return new CollectorReading(
        node, o, o instanceof Observation.Unknown ? "unreachable" : "ok", "", at, "boot-1");
  }

  static Observation fault(String status) {
    Map<String, Object> diagnose =
        status.equals("live-repair")
            ? Map.of("status", status, "command", "fix-disk")
            : Map.of("status", status);
    return new Observation.Fault(new DiagnoseParser().parseCommandOutput(diagnose));
  }

  static Observation ok() {
    return new Observation.Clear();
  }

  /** A maintenance window of an hour from {@code at} for {@code machines}. */
  static Window window(Instant at, boolean respectDeclines, String... machines) {
    return new Window(
        Arrays.stream(machines).map(MachineId::of).toList(),
        at.getEpochSecond() * 1_000_000_000L,
        OptionalLong.of(Duration.ofHours(1).toNanos()),
        false,
        respectDeclines);
  }

  /** A schedule of one window ({@link #window}). */
  static Schedule schedule(Instant at, boolean respectDeclines, String... machines) {
    return new Schedule(List.of(window(at, respectDeclines, machines)));
  }

  /** Every node of the four-node cluster reports that it is fine. */
  static Map<String, Observation> allOk() {
    return Map.of("n1", ok(), "n2", ok(), "n3", ok(), "n4", ok());
  }

  static List<String> keys(StepResult r) {
    return r.effects().stream().map(Effect::key).toList();
  }

  static List<JobSpec> submits(StepResult r) {
    return r.effects().stream()
        .filter(e -> e instanceof Effect.Submit)
        .map(e -> ((Effect.Submit) e).job())
        .toList();
  }

  /** What succeeded jobs do to the test's cluster: only what evacuating a DRBD instance needs. */
  static void applyJobs(StepDriver d) {
    for (Intent i : d.stored().intents()) {
      for (org.maintd.job.Operation op : i.job().operations()) {
        if (op instanceof org.maintd.job.Operation.SetNodeFlags f) {
          d.cluster =
              d.cluster.withNode(
                  f.node(),
                  n ->
                      n.withFlags(
                          n.flags()
                              .withDrained(f.drained().orElse(n.drained()))
                              .withOffline(f.offline().orElse(n.offline()))));
        } else if (op instanceof org.maintd.job.Operation.Migrate m) {
          d.cluster =
              d.cluster.withInstance(m.instance(), inst -> inst.placedOn(m.target(), m.source()));
        } else if (op instanceof org.maintd.job.Operation.ReplaceSecondary r) {
          d.cluster =
              d.cluster.withInstance(
                  r.instance(), inst -> inst.placedOn(inst.primary(), r.newSecondary()));
        }
      }
    }
  }
}
