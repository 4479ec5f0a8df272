package org.maintd.round;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.maintd.cluster.Node;
import org.maintd.incident.Observation;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.maintenance.IfMatch;
import org.maintd.maintenance.MachineJobs;
import org.maintd.maintenance.ScheduleRules;

/**
 * The operator's posts of the maintenance schedule, after Mesos: the whole schedule replaced (an
 * empty one clears it), if it is still at the version the post was made from (when it names one);
 * the machines it drops while they drain are undrained where maintd drained them, and those DOWN
 * whose windows it moves later are put back online, drained (unless reboot requests or a job of
 * their own hold them: refused), each through a job, an intent of the current round; the answer
 * waits for the submissions. A refusal changes nothing. Not thread-safe: one per command.
 */
final class ScheduleCommands {
  private final Turn t;
  private final MachineChecks checks;

  ScheduleCommands(Turn t) {
    this.t = t;
    this.checks = new MachineChecks(t);
  }

  Reply<Answers.SchedulePosted> post(Command.PostSchedule c) {
    long version = t.state.maintenance().version();
    if (!c.ifMatch().admits(version)) {
      return new Reply.Refused<>(Refusal.STALE, stale(version, c.ifMatch()));
    }
    ScheduleRules.Posted posted =
        ScheduleRules.post(t.state.maintenance(), c.schedule(), t.cluster, t.now, reportingOk());
    if (posted instanceof ScheduleRules.Posted.Invalid i) {
      return new Reply.Refused<>(Refusal.BAD_REQUEST, i.message());
    }
    if (posted instanceof ScheduleRules.Posted.Conflict x) {
      return new Reply.Refused<>(Refusal.CONFLICT, x.message());
    }
    if (posted instanceof ScheduleRules.Posted.Accepted a) {
      return accepted(a, c);
    }
    throw new IllegalStateException("no rule for the schedule posted " + posted);
  }

  private Reply<Answers.SchedulePosted> accepted(
      ScheduleRules.Posted.Accepted a, Command.PostSchedule c) {
    List<String> held = new ArrayList<>();
    for (String hostname : a.delayed()) {
      checks.node(hostname).flatMap(checks::heldBack).ifPresent(held::add);
    }
    if (!held.isEmpty()) {
      return new Reply.Refused<>(
          Refusal.CONFLICT,
          "the schedule moves a DOWN machine's window later, which puts it back in service: "
              + String.join("; ", held));
    }
    t.state = t.state.withMaintenance(a.maintenance());
    List<JobSpec> jobs = new ArrayList<>();
    for (String hostname : a.released()) {
      undrain(hostname, c.who()).ifPresent(jobs::add);
    }
    for (String hostname : a.delayed()) {
      checks.node(hostname).map(n -> delay(n.name(), c.who())).ifPresent(jobs::add);
    }
    checks.submit(jobs);
    t.log.add(
        LogLine.info(
            "maintenance schedule posted by "
                + c.who()
                + ": "
                + c.schedule().windows().size()
                + " window(s), "
                + c.schedule().machines().size()
                + " machine(s)"
                + (a.released().isEmpty() ? "" : "; released: " + String.join(", ", a.released()))
                + (a.delayed().isEmpty()
                    ? ""
                    : "; delayed, DOWN to DRAIN: " + String.join(", ", a.delayed()))
                + (a.warnings().isEmpty() ? "" : "; " + String.join("; ", a.warnings()))));
    Answers.SchedulePosted answer =
        new Answers.SchedulePosted(
            a.maintenance().schedule(),
            a.maintenance().version(),
            a.warnings(),
            a.released(),
            a.delayed());
    return jobs.isEmpty()
        ? new Reply.Done<>(answer)
        : new Reply.AfterEffects<>(jobs.stream().map(JobSpec::key).toList(), outcomes -> answer);
  }

  /** The nodes whose collectors reported Ok at the last poll. */
  private Set<String> reportingOk() {
    Set<String> ok = new HashSet<>();
    t.memory
        .readings()
        .forEach(
            (node, r) -> {
              if (r.observation() instanceof Observation.Clear) {
                ok.add(node);
              }
            });
    return ok;
  }

  /** Why a change made from another version of the schedule is refused, naming the current one. */
  private static String stale(long version, IfMatch asked) {
    String from = asked instanceof IfMatch.OneOf o ? o.named() : "another version";
    return "the schedule has changed since it was read: it is at version "
        + version
        + " now, the change was made from "
        + from
        + "; read it again (GET /1/maintenance/schedule) and make the change from there";
  }

  /**
   * The job that puts the node of a DOWN machine whose window moved later back in service, drained
   * (online, kept drained: Mesos' DOWN to DRAIN).
   */
  private JobSpec delay(String node, String who) {
    return MachineJobs.of(
        node,
        "delay",
        new Operation.SetNodeFlags(node, Optional.of(true), Optional.of(false)),
        "machine "
            + node
            + " DRAIN: its window moved later by "
            + who
            + ": back online, drained, until then",
        t.now);
  }

  /**
   * Whether a reboot request under way has {@code n}: its flags are the request's cycle's until it
   * ends, so the machine dropped is left drained (said in the log; {@code maintctl up} puts it back
   * once the request has ended).
   */
  private boolean heldByAReboot(Node n) {
    Optional<String> held = checks.rebootHold(n);
    held.ifPresent(
        why ->
            t.log.add(
                LogLine.info(
                    "[machine="
                        + n.name()
                        + "] dropped from the schedule, left drained: "
                        + why
                        + "; then maintctl up "
                        + n.name())));
    return held.isPresent();
  }

  /** The job that undrains the node of a machine dropped while draining, if maintd drained it. */
  private Optional<JobSpec> undrain(String hostname, String who) {
    return checks
        .node(hostname)
        .filter(n -> n.drained() && checks.takenOutByItsMachine(n))
        .filter(n -> !heldByAReboot(n))
        .map(
            n ->
                MachineJobs.of(
                    n.name(),
                    "undrain",
                    new Operation.SetNodeFlags(n.name(), Optional.of(false), Optional.empty()),
                    "machine "
                        + n.name()
                        + " dropped from the maintenance schedule by "
                        + who
                        + ": undrained",
                    t.now));
  }
}
