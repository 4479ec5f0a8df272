package org.maintd.round;

import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Supplier;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.NodePhase;
import org.maintd.cluster.NodeNamed;
import org.maintd.incident.Incident;
import org.maintd.machine.MachineMode;
import org.maintd.reboot.Admission;
import org.maintd.reboot.NodeStanding;
import org.maintd.reboot.RebootRequest;
import org.maintd.reboot.RebootRules;

/**
 * The reboot commands: a request admitted (its node known, not in a campaign nor with an active
 * incident unless forced), a key released or a request cancelled, each answered with the request as
 * it now stands, or refused with the rule that refused it. Each resolves the node's name once, as
 * every command does ({@link NodeNamed}), and goes on with the node's own name. A refusal changes
 * nothing.
 */
final class RebootCommands {
  private final Turn t;
  private final RebootRules rules;

  RebootCommands(Turn t) {
    this.t = t;
    this.rules = new RebootRules(t.settings.reboot());
  }

  Reply<RebootRequest> request(Command.RequestReboot c, Supplier<UUID> uuids) {
    return onNode(
        c.ask().node(),
        node -> {
          NodeStanding standing =
              new NodeStanding(
                  true,
                  campaignOf(node),
                  incidentOf(node),
                  t.state.maintenance().modeOf(node) == MachineMode.DOWN);
          return answer(
              rules.admit(
                  t.state.reboots(), c.ask().on(node), standing, uuids.get().toString(), t.now));
        });
  }

  Reply<RebootRequest> release(Command.ReleaseReboot c) {
    return onNode(
        c.node(), node -> answer(rules.release(t.state.reboots(), node, c.key(), c.who(), t.now)));
  }

  Reply<RebootRequest> cancel(Command.CancelReboot c) {
    return onNode(
        c.node(), node -> answer(rules.cancel(t.state.reboots(), node, c.id(), c.who(), t.now)));
  }

  /**
   * {@code then} applied to the node {@code name} means (its letter case aside, a short name its
   * one qualified name), by its own name; refused when no node or several are meant.
   */
  private Reply<RebootRequest> onNode(String name, Function<String, Reply<RebootRequest>> then) {
    NodeNamed named = NodeNamed.in(t.cluster, name);
    if (named instanceof NodeNamed.Found found) {
      return then.apply(found.node().name());
    }
    if (named instanceof NodeNamed.Unknown unknown) {
      return new Reply.Refused<>(Refusal.NOT_FOUND, unknown.message());
    }
    if (named instanceof NodeNamed.Ambiguous ambiguous) {
      return new Reply.Refused<>(Refusal.BAD_REQUEST, ambiguous.message());
    }
    throw new IllegalStateException("no answer for the node named " + named);
  }

  private Reply<RebootRequest> answer(Admission a) {
    if (a instanceof Admission.Refused r) {
      return new Reply.Refused<>(Refusal.of(r.refusal().kind()), r.refusal().message());
    }
    if (a instanceof Admission.Accepted ok) {
      t.log.addAll(RebootLog.changes(t.state.reboots(), ok.reboots()));
      t.state = t.state.withReboots(ok.reboots());
      return new Reply.Done<>(ok.request());
    }
    throw new IllegalStateException("no answer for the admission " + a);
  }

  /** The active campaign that has {@code node} and has not finished with it. */
  private Optional<String> campaignOf(String node) {
    return t.state.campaigns().stream()
        .filter(c -> c.status().isActive())
        .filter(
            c ->
                c.nodes().stream()
                    .anyMatch(
                        p ->
                            p.node().equals(node)
                                && p.phase() != NodePhase.DONE
                                && p.phase() != NodePhase.SKIPPED))
        .map(Campaign::id)
        .findFirst();
  }

  private Optional<String> incidentOf(String node) {
    return t.state.incidents().stream()
        .filter(i -> i.node().equals(node) && i.status().isActive())
        .map(Incident::uuid)
        .map(UUID::toString)
        .findFirst();
  }
}
