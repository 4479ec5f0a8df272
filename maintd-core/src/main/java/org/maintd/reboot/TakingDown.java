package org.maintd.reboot;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.maintd.reboot.CyclePass.Settled;

/**
 * The phases of a cycle that take its node down: a request starts the cycle; the node is drained
 * and emptied unless every request says {@code evacuate: false}; the master role moves away; then
 * the node is rebooted (a one-shot, or a hold without power control) or powered off (a hold with
 * power control), in the hardest mode asked for, within the safety caps. Not thread-safe: one per
 * pass.
 */
final class TakingDown {
  private final CyclePass p;

  TakingDown(CyclePass pass) {
    this.p = pass;
  }

  Optional<Settled> start() {
    List<RebootRequest> waiting = p.requests.stream().filter(r -> r.cycle().isEmpty()).toList();
    if (waiting.isEmpty()) {
      return p.settle("no reboot requested");
    }
    RebootRequest first =
        waiting.stream().min(Comparator.comparing(RebootRequest::pendingRebootSince)).get();
    p.cycle = p.cycle.started(first.id(), p.f.drained(), first.pendingRebootSince());
    boolean evacuate = waiting.stream().anyMatch(RebootRequest::evacuate);
    p.cycle = p.cycle.at(evacuate ? CyclePhase.DRAIN : CyclePhase.MASTER, p.now);
    return Optional.empty();
  }

  Optional<Settled> drain() {
    if (p.f.drained()) {
      return p.moveOn(CyclePhase.EVACUATE);
    }
    if (p.f.cap().isPresent()) {
      return p.capped();
    }
    if (p.f.busy()) {
      return p.settle("busy with another job this round");
    }
    return p.act(new Action.Drain(), "draining " + p.cycle.node());
  }

  Optional<Settled> evacuate() {
    if (p.f.primaries() == 0) {
      return p.moveOn(CyclePhase.MASTER);
    }
    return p.act(new Action.Evacuate(), "moving " + p.f.primaries() + " instance(s) off");
  }

  Optional<Settled> master() {
    if (!p.f.master()) {
      return takeDown();
    }
    if (p.f.busy()) {
      return p.settle("busy with another job this round");
    }
    return p.act(new Action.FailoverMaster(), "is the master: the role moves first");
  }

  private Optional<Settled> takeDown() {
    NodeFacts f = p.f;
    if (!f.drained() && !f.offline() && f.cap().isPresent()) {
      return p.capped();
    }
    if (f.busy()) {
      return p.settle("busy with another job this round");
    }
    RebootMode mode = p.mode();
    OffKind kind = p.policy.powerControl() && p.holds() ? OffKind.POWER_OFF : OffKind.REBOOT;
    p.cycle = p.cycle.down(mode, kind, f.bootId(), p.now);
    String what =
        (kind == OffKind.POWER_OFF ? "powering off " : "rebooting ")
            + p.cycle.node()
            + " ("
            + mode.wireName()
            + ")";
    p.mark(RequestStatus.POWERING_OFF, what);
    return p.act(
        kind == OffKind.POWER_OFF ? new Action.PowerOff(mode) : new Action.Reboot(mode), what);
  }
}
