package org.maintd.round;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import org.maintd.cluster.Node;
import org.maintd.incident.Observation;
import org.maintd.job.JobSpec;
import org.maintd.machine.MachineMode;
import org.maintd.machine.MachineUp;
import org.maintd.machine.Verdict;
import org.maintd.maintenance.MachineDown;
import org.maintd.maintenance.Maintenance;

/**
 * The operator's commands on machines, after Mesos: take machines down, put them back up. Each name
 * is resolved to its node once ({@link NamedNodes}); each job is an intent of the current round,
 * stored before it is submitted; the answer waits for the submissions. A refusal changes nothing.
 * Not thread-safe: one per command.
 */
final class MachineCommands {
  private final Turn t;
  private final MachineChecks checks;

  MachineCommands(Turn t) {
    this.t = t;
    this.checks = new MachineChecks(t);
  }

  Reply<List<Answers.TakenDown>> down(Command.MachinesDown c) {
    return NamedNodes.of(t.cluster, c.hostnames()).ifAll(nodes -> down(nodes, c));
  }

  private Reply<List<Answers.TakenDown>> down(List<Node> nodes, Command.MachinesDown c) {
    MachineDown rules =
        new MachineDown(t.cluster, t.state.maintenance(), t.state.campaigns(), checks.ledger());
    return ifAllAllowed(
        Verdict.together(
            nodes,
            n ->
                checks
                    .rebootHold(n)
                    .<Verdict<MachineDown.TakeDown>>map(why -> new Verdict.Refused<>(n.name(), why))
                    .orElseGet(() -> unlessBusy(n, rules.decide(n, c.force(), c.who(), t.now)))),
        this::takeDown);
  }

  /**
   * {@code v}, unless it sets the node offline now while a maintenance job on it is under way; a
   * machine marked as going down waits for that job in the rounds.
   */
  private Verdict<MachineDown.TakeDown> unlessBusy(Node n, Verdict<MachineDown.TakeDown> v) {
    return v instanceof Verdict.Allowed<MachineDown.TakeDown> a
            && a.change() instanceof MachineDown.TakeDown.Now
        ? checks
            .machineJob(n)
            .<Verdict<MachineDown.TakeDown>>map(why -> new Verdict.Refused<>(n.name(), why))
            .orElse(v)
        : v;
  }

  private Reply<List<Answers.TakenDown>> takeDown(List<MachineDown.TakeDown> allowed) {
    Maintenance m = t.state.maintenance();
    List<JobSpec> jobs = new ArrayList<>();
    for (MachineDown.TakeDown a : allowed) {
      m = m.withMode(a.mode()).withoutNotice(a.node());
      t.log.add(
          LogLine.info(
              "[machine="
                  + a.mode().hostname()
                  + "] "
                  + a.mode().mode().name()
                  + ": "
                  + a.mode().reason()));
      if (a instanceof MachineDown.TakeDown.Now now) {
        jobs.add(now.job());
      }
    }
    t.state = t.state.withMaintenance(m);
    checks.submit(jobs);
    return new Reply.AfterEffects<>(
        jobs.stream().map(JobSpec::key).toList(),
        outcomes -> allowed.stream().map(a -> takenDown(a, outcomes)).toList());
  }

  /** What the operator is told of a machine taken down. */
  private static Answers.TakenDown takenDown(
      MachineDown.TakeDown a, Map<String, Outcome> outcomes) {
    if (a instanceof MachineDown.TakeDown.Now now) {
      String id = jobId(outcomes, now.job());
      return new Answers.TakenDown(
          a.node(),
          MachineMode.DOWN,
          Optional.of(id),
          "DOWN through job " + id + " (offline)",
          a.mode().since());
    }
    if (a instanceof MachineDown.TakeDown.OnceEmpty once) {
      int n = once.left().size();
      return new Answers.TakenDown(
          a.node(),
          MachineMode.DRAIN,
          Optional.empty(),
          "DOWN once "
              + (once.drainFirst() ? "drained and " : "")
              + n
              + (n == 1 ? " instance has" : " instances have")
              + " moved ("
              + String.join(", ", once.left())
              + "; declines overridden)",
          a.mode().since());
    }
    throw new IllegalStateException("no answer for the machine taken down " + a);
  }

  Reply<List<Answers.BroughtUp>> up(Command.MachinesUp c) {
    return NamedNodes.of(t.cluster, c.hostnames()).ifAll(nodes -> up(nodes, c));
  }

  private Reply<List<Answers.BroughtUp>> up(List<Node> nodes, Command.MachinesUp c) {
    Map<String, Observation> reports = new HashMap<>();
    t.memory.readings().forEach((node, r) -> reports.put(node, r.observation()));
    MachineUp rules =
        new MachineUp(t.state.incidents(), checks.takenOut(), t.state.campaigns(), reports);
    return ifAllAllowed(
        Verdict.together(
            nodes,
            n ->
                t.state.maintenance().modeOf(n.name()) == MachineMode.DRAIN
                    ? new Verdict.Refused<>(n.name(), draining(n.name()))
                    : checks
                        .heldBack(n)
                        .<Verdict<MachineUp.BringUp>>map(
                            why -> new Verdict.Refused<>(n.name(), why))
                        .orElseGet(() -> rules.decide(n, c.force(), c.who(), t.now))),
        allowed -> bringUp(allowed, c.who()));
  }

  /** Why a machine draining for its window is not put back up. */
  private static String draining(String node) {
    return node
        + " is draining for its maintenance window: drop it from the schedule"
        + " (maintctl schedule remove "
        + node
        + ") to put it back, or take it down first (maintctl down)";
  }

  private Reply<List<Answers.BroughtUp>> bringUp(List<MachineUp.BringUp> allowed, String who) {
    for (MachineUp.BringUp a : allowed) {
      for (UUID uuid : a.cancels()) {
        cancel(uuid, a.node(), who);
      }
      unscheduleIfDown(a.node());
      t.state = t.state.withMaintenance(t.state.maintenance().withoutNotice(a.node()));
    }
    checks.submit(allowed.stream().map(MachineUp.BringUp::job).toList());
    return new Reply.AfterEffects<>(
        allowed.stream().map(a -> a.job().key()).toList(),
        outcomes ->
            allowed.stream()
                .map(a -> new Answers.BroughtUp(a.node(), jobId(outcomes, a.job()), a.cancels()))
                .toList());
  }

  /**
   * A machine put back UP from DOWN leaves the maintenance schedule (Mesos' /machine/up); one that
   * is UP in the schedule (its node out of service for another reason) keeps its window.
   */
  private void unscheduleIfDown(String node) {
    Maintenance m = t.state.maintenance();
    m.schedule().machines().stream()
        .filter(x -> x.names(node))
        .findFirst()
        .ifPresent(
            x -> {
              if (m.modeOf(node) != MachineMode.DOWN) {
                t.log.add(
                    LogLine.info(
                        "[machine="
                            + x.hostname()
                            + "] UP in the schedule: its window stays (only a DOWN machine leaves"
                            + " the schedule when put back up)"));
                return;
              }
              t.state = t.state.withMaintenance(m.withoutMachine(x.hostname(), node));
              t.log.add(LogLine.info("[machine=" + x.hostname() + "] UP: out of the schedule"));
            });
  }

  private void cancel(UUID uuid, String node, String who) {
    t.replaceIncident(
        uuid,
        i ->
            t.lifecycle.cancel(
                i, t.now, "canceled: " + node + " put back in service by " + who + " (forced)"));
    t.log.add(
        LogLine.info(
            "[incident="
                + uuid
                + "] [node="
                + node
                + "] canceled: the node is put back in service by "
                + who
                + " (forced)"));
  }

  /** {@code apply} to the changes when every machine may go; else the command's refusal. */
  private static <A, R> Reply<R> ifAllAllowed(
      Verdict.Together<A> verdicts, Function<List<A>, Reply<R>> apply) {
    if (verdicts instanceof Verdict.Together.Refused<A> r) {
      return new Reply.Refused<>(Refusal.CONFLICT, String.join("; ", r.reasons()));
    }
    if (verdicts instanceof Verdict.Together.AllAllowed<A> all) {
      return apply.apply(all.changes());
    }
    throw new IllegalStateException("no rule for the verdicts " + verdicts);
  }

  /** The id of {@code job}, which was submitted: the answer waits for its submission. */
  private static String jobId(Map<String, Outcome> outcomes, JobSpec job) {
    if (outcomes.get(job.key()) instanceof Outcome.Submitted s) {
      return s.jobId();
    }
    throw new IllegalStateException("job " + job.key() + " was not submitted: " + outcomes);
  }
}
