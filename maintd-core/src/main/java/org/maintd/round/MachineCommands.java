package org.maintd.round;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import org.maintd.cluster.Node;
import org.maintd.cluster.NodeNames;
import org.maintd.incident.Observation;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.machine.Machine;
import org.maintd.machine.MachineMode;
import org.maintd.machine.MachineUp;
import org.maintd.machine.Machines;
import org.maintd.machine.Verdict;
import org.maintd.maintenance.MachineDown;
import org.maintd.maintenance.MachineJobs;
import org.maintd.maintenance.Maintenance;
import org.maintd.maintenance.MaintenanceMode;
import org.maintd.maintenance.ScheduleRules;
import org.maintd.safety.UnavailabilityLedger;
import org.maintd.spi.Intent;

/**
 * The operator's commands on machines, after Mesos: post the maintenance schedule (machines it
 * drops while draining are undrained), take machines down, put them back up. Each job is an intent
 * of the current round, stored before it is submitted; the answer waits for the submissions. A
 * refusal changes nothing.
 */
final class MachineCommands {
  private final Turn t;

  MachineCommands(Turn t) {
    this.t = t;
  }

  Reply post(Command.PostSchedule c) {
    ScheduleRules.Posted posted =
        ScheduleRules.post(t.state.maintenance(), c.schedule(), t.cluster);
    if (posted instanceof ScheduleRules.Posted.Invalid i) {
      return new Reply.Refused(Refusal.BAD_REQUEST, i.message());
    }
    if (posted instanceof ScheduleRules.Posted.Conflict x) {
      return new Reply.Refused(Refusal.CONFLICT, x.message());
    }
    ScheduleRules.Posted.Accepted a = (ScheduleRules.Posted.Accepted) posted;
    t.state = t.state.withMaintenance(a.maintenance());
    List<JobSpec> jobs = new ArrayList<>();
    for (String hostname : a.released()) {
      node(hostname)
          .filter(n -> n.drained() && takenOutByItsMachine(n))
          .ifPresent(
              n ->
                  jobs.add(
                      MachineJobs.of(
                          n.name(),
                          "undrain",
                          new Operation.SetNodeFlags(
                              n.name(), Optional.of(false), Optional.empty()),
                          "machine "
                              + n.name()
                              + " dropped from the maintenance schedule by "
                              + c.who()
                              + ": undrained",
                          t.now)));
    }
    submit(jobs);
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
                + (a.warnings().isEmpty() ? "" : "; " + String.join("; ", a.warnings()))));
    Answers.SchedulePosted answer =
        new Answers.SchedulePosted(a.maintenance().schedule(), a.warnings(), a.released());
    return jobs.isEmpty()
        ? new Reply.Done(answer)
        : new Reply.AfterEffects(jobs.stream().map(JobSpec::key).toList(), outcomes -> answer);
  }

  Reply down(Command.MachinesDown c) {
    MachineDown rules =
        new MachineDown(t.cluster, t.state.maintenance(), t.state.campaigns(), ledger());
    return ifAllAllowed(
        Verdict.together(
            c.hostnames(),
            h ->
                heldBack(h)
                    .<Verdict<MachineDown.TakeDown>>map(why -> new Verdict.Refused<>(h, why))
                    .orElseGet(() -> rules.decide(h, c.force(), c.who(), t.now))),
        allowed -> takeDown(allowed));
  }

  private Reply takeDown(List<MachineDown.TakeDown> allowed) {
    Maintenance m = t.state.maintenance();
    for (MachineDown.TakeDown a : allowed) {
      m = m.withMode(a.mode());
      t.log.add(LogLine.info("[machine=" + a.mode().hostname() + "] DOWN: " + a.mode().reason()));
    }
    t.state = t.state.withMaintenance(m);
    List<JobSpec> jobs = allowed.stream().map(MachineDown.TakeDown::job).toList();
    submit(jobs);
    return new Reply.AfterEffects(
        jobs.stream().map(JobSpec::key).toList(),
        outcomes ->
            allowed.stream()
                .map(a -> new Answers.TakenDown(a.node(), jobId(outcomes, a.job())))
                .toList());
  }

  Reply up(Command.MachinesUp c) {
    Map<String, Observation> reports = new HashMap<>();
    t.memory.readings().forEach((node, r) -> reports.put(node, r.observation()));
    MachineUp rules =
        new MachineUp(t.cluster, t.state.incidents(), takenOut(), t.state.campaigns(), reports);
    return ifAllAllowed(
        Verdict.together(
            c.hostnames(),
            h ->
                t.state.maintenance().modeOf(h) == MachineMode.DRAIN
                    ? new Verdict.Refused<>(
                        h,
                        h
                            + " is draining for its maintenance window: drop it from the schedule"
                            + " to put it back, or take it down first (maintctl down)")
                    : heldBack(h)
                        .<Verdict<MachineUp.BringUp>>map(why -> new Verdict.Refused<>(h, why))
                        .orElseGet(() -> rules.decide(h, c.force(), c.who(), t.now))),
        allowed -> bringUp(allowed, c.who()));
  }

  private Reply bringUp(List<MachineUp.BringUp> allowed, String who) {
    for (MachineUp.BringUp a : allowed) {
      for (UUID uuid : a.cancels()) {
        cancel(uuid, a.node(), who);
      }
      unschedule(a.node());
    }
    submit(allowed.stream().map(MachineUp.BringUp::job).toList());
    return new Reply.AfterEffects(
        allowed.stream().map(a -> a.job().key()).toList(),
        outcomes ->
            allowed.stream()
                .map(a -> new Answers.BroughtUp(a.node(), jobId(outcomes, a.job()), a.cancels()))
                .toList());
  }

  /**
   * Why {@code hostname} is not the operator's to take down or bring up now: reboot requests hold
   * it, or a maintenance job of its own (its drain, its going DOWN or coming back UP) is under way,
   * whose end would undo what the command asks.
   */
  private Optional<String> heldBack(String hostname) {
    return rebootHold(hostname).or(() -> machineJob(hostname));
  }

  private Optional<String> machineJob(String hostname) {
    return t.state.intents().stream()
        .map(Intent::job)
        .filter(j -> j.owner().startsWith("machine:"))
        .filter(j -> j.nodes().stream().anyMatch(n -> NodeNames.same(n, hostname)))
        .findFirst()
        .map(
            j ->
                hostname
                    + " has a maintenance job under way ("
                    + j.reason().text()
                    + "): try again once it has ended");
  }

  /**
   * Why {@code hostname} is not the operator's to take down or bring up while reboot requests are
   * under way on it (even with force: the clients that hold it release it, or the operator cancels
   * their requests); empty when none is.
   */
  private Optional<String> rebootHold(String hostname) {
    List<org.maintd.reboot.RebootRequest> active = t.state.reboots().activeOf(hostname);
    if (active.isEmpty()) {
      return Optional.empty();
    }
    List<String> keys = active.stream().flatMap(r -> r.key().stream()).distinct().sorted().toList();
    return Optional.of(
        hostname
            + " is under "
            + active.size()
            + " reboot request(s)"
            + (keys.isEmpty() ? "" : ", held by key(s) " + String.join(", ", keys))
            + ": release them (maintctl release) or cancel them (maintctl cancel-reboot) first");
  }

  /** {@code apply} to the changes when every machine may go; else the command's refusal. */
  private static <A> Reply ifAllAllowed(
      Verdict.Together<A> verdicts, Function<List<A>, Reply> apply) {
    if (verdicts instanceof Verdict.Together.NoSuchNode<A> n) {
      return new Reply.Refused(Refusal.NOT_FOUND, "no node " + n.hostname() + " in the cluster");
    }
    if (verdicts instanceof Verdict.Together.Refused<A> r) {
      return new Reply.Refused(Refusal.CONFLICT, String.join("; ", r.reasons()));
    }
    return apply.apply(((Verdict.Together.AllAllowed<A>) verdicts).changes());
  }

  private static String jobId(Map<String, Outcome> outcomes, JobSpec job) {
    return ((Outcome.Submitted) outcomes.get(job.key())).jobId();
  }

  /**
   * The nodes out of service as the caps count them: those the snapshot shows drained or offline,
   * and those the jobs of the round under way take out (their drains may not have run yet).
   */
  private UnavailabilityLedger ledger() {
    UnavailabilityLedger ledger = new UnavailabilityLedger(t.cluster, t.settings.caps());
    for (Intent i : t.state.intents()) {
      for (Operation op : i.job().operations()) {
        if (op instanceof Operation.SetNodeFlags f
            && (f.drained().orElse(false) || f.offline().orElse(false))) {
          node(f.node()).ifPresent(ledger::takeDown);
        }
      }
    }
    return ledger;
  }

  /**
   * The nodes maintd took out of service: those it recorded, and every machine DOWN for maintenance
   * (its mode says maintd took it down, whichever job did).
   */
  private List<Machine> takenOut() {
    List<Machine> out = new ArrayList<>(t.state.machines());
    for (MaintenanceMode m : t.state.maintenance().modes()) {
      node(m.hostname())
          .filter(n -> m.mode() == MachineMode.DOWN && Machines.find(out, n.name()).isEmpty())
          .ifPresent(
              n ->
                  out.add(
                      new Machine(n.name(), m.since(), MachineUp.ownerOf(n.name()), m.reason())));
    }
    return out;
  }

  /** A machine put back UP leaves the maintenance schedule (Mesos' /machine/up). */
  private void unschedule(String node) {
    Maintenance m = t.state.maintenance();
    m.schedule().machines().stream()
        .filter(x -> x.names(node))
        .findFirst()
        .ifPresent(
            x -> {
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

  /** The jobs become intents of the current round, the nodes they take out recorded. */
  private void submit(List<JobSpec> jobs) {
    List<Intent> intents = new ArrayList<>(t.state.intents());
    jobs.forEach(j -> intents.add(new Intent(j, "")));
    t.state =
        t.state
            .withJobs(t.state.jobs(), intents)
            .withMachines(Machines.takenOut(t.state.machines(), jobs, t.now));
  }

  private Optional<Node> node(String hostname) {
    return t.cluster.nodes().stream().filter(n -> NodeNames.same(n.name(), hostname)).findFirst();
  }

  private boolean takenOutByItsMachine(Node n) {
    return Machines.find(t.state.machines(), n.name())
        .map(m -> m.owner().equals(MachineUp.ownerOf(n.name())))
        .orElse(false);
  }
}
