package org.maintd.reboot;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Moves a node's power cycle on, as far as it goes in one pass, from what the round sees of the
 * node. A request starts a cycle; the requests accepted before the node goes down join it (a keyed
 * one also while the node is held). The node is drained and emptied unless every request says
 * {@code evacuate: false}, the master role moves first, then it is rebooted (a one-shot, or a hold
 * without power control) or powered off (a hold with power control) in the hardest mode asked for;
 * a soft attempt that has not taken effect within the soft timeout falls back to hard where a hard
 * path exists, else the cycle fails. While a key holds it, the node stays off (or offline and
 * drained after its reboot); once all are released it is powered on, and when it is back (a new
 * boot id) its {@code lastPoweredOn} is now and every request of the cycle accepted before is done.
 * A node that does not come back within the boot timeout fails the cycle with the reason. A pure
 * function of its arguments; thread-safe.
 */
public final class RebootCycle {
  private static final int PHASES = CyclePhase.values().length;
  private final RebootPolicy policy;

  public RebootCycle(RebootPolicy policy) {
    this.policy = policy;
  }

  /**
   * The cycle of a node with its active {@code requests}, seen as {@code facts}, at {@code now}.
   */
  public CycleStep step(
      NodeCycle cycle, List<RebootRequest> requests, NodeFacts facts, Instant now) {
    Pass pass = new Pass(cycle, requests, facts, now);
    for (int guard = 0; guard <= PHASES; guard++) {
      Optional<Settled> settled = pass.once();
      if (settled.isPresent()) {
        return pass.result(settled.get());
      }
    }
    throw new IllegalStateException("the cycle of " + cycle.node() + " did not settle");
  }

  /**
   * A job of the cycle failed ({@code reason}): a soft power-off or reboot falls back to hard where
   * a hard path exists (the next pass takes it down hard), anything else fails the cycle.
   */
  public CycleStep jobFailed(
      NodeCycle cycle, List<RebootRequest> requests, String reason, Instant now) {
    Pass pass = new Pass(cycle, requests, null, now);
    if (cycle.phase() == CyclePhase.OFF && cycle.mode() == RebootMode.SOFT && policy.hardPath()) {
      pass.cycle = cycle.hardFromNow().at(CyclePhase.MASTER, now);
      return pass.result(new Settled(Optional.empty(), reason + "; a hard one is due"));
    }
    return pass.result(pass.fail(reason).orElseThrow());
  }

  /** How a pass ended: the action to take (empty: none) and why. */
  private record Settled(Optional<Action> action, String text, boolean capped) {
    Settled(Optional<Action> action, String text) {
      this(action, text, false);
    }
  }

  /** One pass: the cycle and requests as they change. Not thread-safe. */
  private final class Pass {
    private NodeCycle cycle;
    private final List<RebootRequest> requests;
    private final NodeFacts f;
    private final Instant now;

    Pass(NodeCycle cycle, List<RebootRequest> requests, NodeFacts f, Instant now) {
      this.cycle = cycle;
      this.requests = new ArrayList<>(requests);
      this.f = f;
      this.now = now;
    }

    CycleStep result(Settled s) {
      return new CycleStep(cycle, requests, s.action(), s.text(), s.capped());
    }

    Optional<Settled> once() {
      join();
      if (cycle.phase().compareTo(CyclePhase.OFF) < 0
          && cycle.phase() != CyclePhase.IDLE
          && mine().isEmpty()) {
        return moveOn(CyclePhase.UNDRAIN);
      }
      return switch (cycle.phase()) {
        case IDLE -> start();
        case DRAIN -> drain();
        case EVACUATE -> evacuate();
        case MASTER -> master();
        case OFF -> cycle.off() == OffKind.REBOOT ? rebooting() : poweringOff();
        case HELD -> held();
        case ON -> poweringOn();
        case UNDRAIN -> undrain();
      };
    }

    /** Requests not yet in a cycle join this one while it has not taken the node down. */
    private void join() {
      if (cycle.phase() == CyclePhase.IDLE) {
        return;
      }
      boolean open = cycle.phase().compareTo(CyclePhase.OFF) < 0;
      requests.replaceAll(
          r ->
              r.cycle().isEmpty()
                      && (open || (cycle.phase() == CyclePhase.HELD && r.key().isPresent()))
                  ? r.joined(cycle.id()).to(cycle.phase().status(), now, "joins " + cycle.id())
                  : r);
    }

    private Optional<Settled> start() {
      List<RebootRequest> waiting = requests.stream().filter(r -> r.cycle().isEmpty()).toList();
      if (waiting.isEmpty()) {
        return settle("no reboot requested");
      }
      RebootRequest first =
          waiting.stream().min(Comparator.comparing(RebootRequest::pendingRebootSince)).get();
      cycle = cycle.started(first.id(), f.drained(), first.pendingRebootSince());
      boolean evacuate = waiting.stream().anyMatch(RebootRequest::evacuate);
      cycle = cycle.at(evacuate ? CyclePhase.DRAIN : CyclePhase.MASTER, now);
      return Optional.empty();
    }

    private Optional<Settled> drain() {
      if (f.drained()) {
        return moveOn(CyclePhase.EVACUATE);
      }
      if (f.capRefusal().isPresent()) {
        return capped();
      }
      if (f.busy()) {
        return settle("busy with another job this round");
      }
      return act(new Action.Drain(), "draining " + cycle.node());
    }

    private Optional<Settled> evacuate() {
      if (f.primaries() == 0) {
        return moveOn(CyclePhase.MASTER);
      }
      return act(new Action.Evacuate(), "moving " + f.primaries() + " instance(s) off");
    }

    private Optional<Settled> master() {
      if (!f.master()) {
        return takeDown();
      }
      if (f.busy()) {
        return settle("busy with another job this round");
      }
      return act(new Action.FailoverMaster(), "is the master: the role moves first");
    }

    private Optional<Settled> takeDown() {
      if (!f.drained() && !f.offline() && f.capRefusal().isPresent()) {
        return capped();
      }
      if (f.busy()) {
        return settle("busy with another job this round");
      }
      RebootMode mode = mode();
      OffKind kind = policy.powerControl() && holds() ? OffKind.POWER_OFF : OffKind.REBOOT;
      cycle = cycle.down(mode, kind, f.bootId(), now);
      mark(RequestStatus.POWERING_OFF, what(kind, mode));
      return act(
          kind == OffKind.POWER_OFF ? new Action.PowerOff(mode) : new Action.Reboot(mode),
          what(kind, mode));
    }

    private Optional<Settled> rebooting() {
      if (back()) {
        cycle = cycle.poweredOn(now);
        if (holds()) {
          cycle = cycle.at(CyclePhase.HELD, now);
          mark(RequestStatus.HELD, "rebooted; kept offline and drained while held");
          return Optional.empty();
        }
        return poweredOn();
      }
      return escalate().or(() -> timedOut("of its reboot")).or(() -> settle("rebooting"));
    }

    private Optional<Settled> poweringOff() {
      if (!f.answering()) {
        cycle = cycle.at(CyclePhase.HELD, now);
        mark(RequestStatus.HELD, "powered off");
        return Optional.empty();
      }
      return escalate().or(() -> timedOut("of its power-off")).or(() -> settle("powering off"));
    }

    /**
     * Hard wins: a hard request while the node goes down soft, or a soft attempt that has not taken
     * effect within the soft timeout (then without a hard path the cycle fails).
     */
    private Optional<Settled> escalate() {
      if (cycle.mode() == RebootMode.HARD || !sameBoot()) {
        return Optional.empty();
      }
      Duration waited = Duration.between(cycle.since(), now);
      boolean late = waited.compareTo(policy.softTimeout()) >= 0;
      if (mode() == RebootMode.SOFT && !late) {
        return Optional.empty();
      }
      String why =
          late
              ? "the soft " + verb() + " did not take effect within " + policy.softTimeout()
              : "a hard request came";
      if (!policy.hardPath()) {
        return fail(why + " and no hard path is configured");
      }
      cycle = cycle.hardFromNow().down(RebootMode.HARD, cycle.off(), cycle.bootId(), now);
      mark(RequestStatus.POWERING_OFF, why + "; going hard");
      return act(
          cycle.off() == OffKind.POWER_OFF
              ? new Action.PowerOff(RebootMode.HARD)
              : new Action.Reboot(RebootMode.HARD),
          why + "; going hard");
    }

    private Optional<Settled> held() {
      if (holds()) {
        String keys = String.join(", ", keys());
        if (cycle.off() == OffKind.REBOOT && !f.offline()) {
          return act(new Action.SetOffline(true), "held by " + keys + ": set offline");
        }
        return settle("held by " + keys);
      }
      if (cycle.off() == OffKind.REBOOT) {
        return poweredOn();
      }
      if (f.busy()) {
        return settle("released; busy with another job this round");
      }
      cycle = cycle.at(CyclePhase.ON, now);
      mark(RequestStatus.POWERING_ON, "every key released: powering on");
      return act(new Action.PowerOn(), "powering on");
    }

    private Optional<Settled> poweringOn() {
      if (back()) {
        cycle = cycle.poweredOn(now);
        return poweredOn();
      }
      return timedOut("of its power-on").or(() -> settle("powering on"));
    }

    /** Every request of the cycle accepted before the power-on is done; the node is undrained. */
    private Optional<Settled> poweredOn() {
      Instant on = cycle.lastPoweredOn().orElseThrow();
      requests.replaceAll(
          r ->
              r.in(cycle.id()) && r.pendingRebootSince().isBefore(on)
                  ? r.to(RequestStatus.DONE, now, "powered on at " + on)
                  : r);
      return moveOn(CyclePhase.UNDRAIN);
    }

    private Optional<Settled> undrain() {
      if (f.offline() && keptOffline()) {
        return act(new Action.SetOffline(false), "back online");
      }
      if (f.drained() && !cycle.wasDrained()) {
        return act(new Action.Undrain(), "undraining");
      }
      cycle = cycle.at(CyclePhase.IDLE, now);
      boolean more = requests.stream().anyMatch(r -> r.cycle().isEmpty());
      return more ? Optional.empty() : settle("back in service");
    }

    /**
     * Whether this cycle set its node offline: it rebooted it rather than powering it off, and held
     * it under a key. A node someone else set offline meanwhile (the maintenance schedule taking it
     * down) stays offline.
     */
    private boolean keptOffline() {
      return cycle.off() == OffKind.REBOOT
          && requests.stream().anyMatch(r -> r.in(cycle.id()) && r.key().isPresent());
    }

    private Optional<Settled> timedOut(String of) {
      if (Duration.between(cycle.since(), now).compareTo(policy.bootTimeout()) < 0) {
        return Optional.empty();
      }
      return fail(
          "node " + cycle.node() + " did not come back within " + policy.bootTimeout() + " " + of);
    }

    /** The cycle fails: its requests fail with {@code reason}; the node is left as it is. */
    Optional<Settled> fail(String reason) {
      requests.replaceAll(r -> r.in(cycle.id()) ? r.to(RequestStatus.FAILED, now, reason) : r);
      cycle = cycle.at(CyclePhase.IDLE, now);
      return settle("failed: " + reason);
    }

    /** Back with a new boot id (or answering again when the old one was unknown). */
    private boolean back() {
      return f.answering() && !sameBoot();
    }

    private boolean sameBoot() {
      return f.answering() && f.bootId().equals(cycle.bootId());
    }

    private String verb() {
      return cycle.off() == OffKind.POWER_OFF ? "power-off" : "reboot";
    }

    private RebootMode mode() {
      RebootMode m = cycle.forceHard() ? RebootMode.HARD : RebootMode.SOFT;
      for (RebootRequest r : mine()) {
        m = m.and(r.mode());
      }
      return m;
    }

    private boolean holds() {
      return mine().stream().anyMatch(RebootRequest::holds);
    }

    private List<String> keys() {
      return mine().stream().filter(RebootRequest::holds).map(r -> r.key().orElseThrow()).toList();
    }

    private List<RebootRequest> mine() {
      return requests.stream().filter(r -> r.in(cycle.id()) && r.active()).toList();
    }

    private void mark(RequestStatus status, String why) {
      requests.replaceAll(r -> r.in(cycle.id()) && r.active() ? r.to(status, now, why) : r);
    }

    private String what(OffKind kind, RebootMode mode) {
      return (kind == OffKind.POWER_OFF ? "powering off " : "rebooting ")
          + cycle.node()
          + " ("
          + mode.wireName()
          + ")";
    }

    private Optional<Settled> moveOn(CyclePhase next) {
      cycle = cycle.at(next, now);
      mark(next.status(), next.name().toLowerCase(java.util.Locale.ROOT));
      return Optional.empty();
    }

    private Optional<Settled> capped() {
      return Optional.of(
          new Settled(Optional.empty(), "waits for the safety cap: " + f.capRefusal().get(), true));
    }

    private Optional<Settled> act(Action a, String text) {
      return Optional.of(new Settled(Optional.of(a), text));
    }

    private Optional<Settled> settle(String text) {
      return Optional.of(new Settled(Optional.empty(), text));
    }
  }
}
