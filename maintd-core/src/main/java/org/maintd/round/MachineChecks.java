package org.maintd.round;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.maintd.cluster.Node;
import org.maintd.cluster.NodeNamed;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.machine.Machine;
import org.maintd.machine.MachineMode;
import org.maintd.machine.MachineUp;
import org.maintd.machine.Machines;
import org.maintd.maintenance.MaintenanceMode;
import org.maintd.reboot.RebootRequest;
import org.maintd.safety.UnavailabilityLedger;
import org.maintd.spi.Intent;

/**
 * What the operator's commands on machines (the schedule, down, up) check and do alike, on nodes
 * whose names they resolved once: whether a node is held back from them (reboot requests, a
 * maintenance job of its own), the nodes out of service as the caps count them, the nodes maintd
 * took out, and the jobs a command submits (intents of the current round). Not thread-safe: one per
 * command.
 */
final class MachineChecks {
  private final Turn t;

  MachineChecks(Turn t) {
    this.t = t;
  }

  /**
   * Why {@code node} is not the operator's to take down, bring up or move back in service now:
   * reboot requests hold it, or a maintenance job of its own (its drain, its going DOWN or coming
   * back UP) is under way, whose end would undo what the command asks.
   */
  Optional<String> heldBack(Node node) {
    return rebootHold(node).or(() -> machineJob(node));
  }

  /** Why a job of {@code node}'s now would clash with a maintenance job on it under way. */
  Optional<String> machineJob(Node node) {
    return t.state.intents().stream()
        .map(Intent::job)
        .filter(j -> j.owner().startsWith(MachineUp.ownerOf("")))
        .filter(j -> j.nodes().contains(node.name()))
        .findFirst()
        .map(
            j ->
                node.name()
                    + " has a maintenance job under way ("
                    + j.reason().text()
                    + "): try again once it has ended");
  }

  /**
   * Why {@code node} is not the operator's to take down or bring up while reboot requests are under
   * way on it (even with force: the clients that hold it release it, or the operator cancels their
   * requests); empty when none is.
   */
  Optional<String> rebootHold(Node node) {
    List<RebootRequest> active = t.state.reboots().activeOf(node.name());
    if (active.isEmpty()) {
      return Optional.empty();
    }
    List<String> keys = active.stream().flatMap(r -> r.key().stream()).distinct().sorted().toList();
    return Optional.of(
        node.name()
            + " is under "
            + active.size()
            + " reboot request(s)"
            + (keys.isEmpty() ? "" : ", held by key(s) " + String.join(", ", keys))
            + ": release them (maintctl release) or cancel them (maintctl cancel-reboot) first");
  }

  /**
   * The nodes out of service as the caps count them: those the snapshot shows drained or offline,
   * those a reboot request's cycle has taken down (a node held off need not be drained), and those
   * the jobs of the round under way take out (their drains may not have run yet).
   */
  UnavailabilityLedger ledger() {
    UnavailabilityLedger ledger = new UnavailabilityLedger(t.cluster, t.settings.caps());
    t.state.reboots().offNodes().forEach(n -> node(n).ifPresent(ledger::takeDown));
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
  List<Machine> takenOut() {
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

  /** Whether maintd's record says {@code n} was taken out by its machine's own jobs. */
  boolean takenOutByItsMachine(Node n) {
    return Machines.find(t.state.machines(), n.name())
        .map(m -> m.owner().equals(MachineUp.ownerOf(n.name())))
        .orElse(false);
  }

  /** The jobs become intents of the current round, the nodes they take out recorded. */
  void submit(List<JobSpec> jobs) {
    List<Intent> intents = new ArrayList<>(t.state.intents());
    jobs.forEach(j -> intents.add(new Intent(j, "")));
    t.state =
        t.state
            .withJobs(t.state.jobs(), intents)
            .withMachines(Machines.takenOut(t.state.machines(), jobs, t.now));
  }

  /** The one node {@code name} (a schedule's hostname, a job's node) means; empty if none. */
  Optional<Node> node(String name) {
    return NodeNamed.in(t.cluster, name) instanceof NodeNamed.Found f
        ? Optional.of(f.node())
        : Optional.empty();
  }
}
