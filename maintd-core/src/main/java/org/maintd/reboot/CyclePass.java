package org.maintd.reboot;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.maintd.wait.CapacityWait;

/**
 * One pass over a node's power cycle: the cycle and the node's requests as the pass changes them,
 * what the round sees of the node, and the time; which requests join the cycle, and the steps every
 * phase shares. The phases themselves are {@link TakingDown}'s and {@link BringingBack}'s. Not
 * thread-safe: one per pass.
 */
final class CyclePass {
  final RebootPolicy policy;
  final List<RebootRequest> requests;
  final NodeFacts f;
  final Instant now;
  NodeCycle cycle;
  private final TakingDown down = new TakingDown(this);
  private final BringingBack back = new BringingBack(this);

  /** A pass over {@code cycle} with the node's active {@code requests}, seen as {@code f}. */
  CyclePass(
      RebootPolicy policy,
      NodeCycle cycle,
      List<RebootRequest> requests,
      NodeFacts f,
      Instant now) {
    this.policy = policy;
    this.cycle = cycle;
    this.requests = new ArrayList<>(requests);
    this.f = f;
    this.now = now;
  }

  /** How a pass ended: the action to take (empty: none), why, and the cap that holds it, if one. */
  record Settled(Optional<Action> action, String text, Optional<CapacityWait.CapReached> capped) {}

  CycleStep result(Settled s) {
    return new CycleStep(cycle, requests, s.action(), s.text(), s.capped());
  }

  /** One phase's step: empty when the cycle moved on and the pass goes on. */
  Optional<Settled> once() {
    join();
    if (cycle.phase().compareTo(CyclePhase.OFF) < 0
        && cycle.phase() != CyclePhase.IDLE
        && mine().isEmpty()) {
      return moveOn(CyclePhase.UNDRAIN);
    }
    return switch (cycle.phase()) {
      case IDLE -> down.start();
      case DRAIN -> down.drain();
      case EVACUATE -> down.evacuate();
      case MASTER -> down.master();
      case OFF -> cycle.off() == OffKind.REBOOT ? back.rebooting() : back.poweringOff();
      case HELD -> back.held();
      case ON -> back.poweringOn();
      case UNDRAIN -> back.undrain();
    };
  }

  /**
   * The requests not yet in a cycle that this one serves join it: all of them before it takes the
   * node down; then those its power-on will come after: any while the node is powered off or held
   * off (it comes back only when powered on), a keyed one while it is held offline after its reboot
   * (a one-shot needs a reboot of its own), and, while it is being rebooted, one that a report made
   * after it shows still on the old boot id (a reboot may be over before the daemon sees it), keyed
   * only where holds are reboots anyway (no power control). While the node goes down, a request
   * that asks for evacuation joins only when no instance is left on it. A request that asks for
   * evacuation and joins a cycle that skipped it takes the cycle back to the drain.
   */
  private void join() {
    if (cycle.phase() == CyclePhase.IDLE) {
      return;
    }
    Set<String> joining =
        requests.stream().filter(this::joins).map(RebootRequest::id).collect(Collectors.toSet());
    if (joining.isEmpty()) {
      return;
    }
    RequestStatus status = cycle.phase().status();
    requests.replaceAll(
        r -> joining.contains(r.id()) ? r.joinedTo(cycle.id(), statusOf(r, status), now) : r);
    boolean evacuates = requests.stream().anyMatch(r -> joining.contains(r.id()) && r.evacuate());
    if (cycle.phase() == CyclePhase.MASTER && evacuates) {
      cycle = cycle.at(CyclePhase.DRAIN, now);
    }
  }

  private boolean joins(RebootRequest r) {
    CyclePhase phase = cycle.phase();
    if (r.cycle().isPresent() || !r.active()) {
      return false;
    }
    if (phase.compareTo(CyclePhase.OFF) < 0) {
      return true;
    }
    if (phase == CyclePhase.HELD) {
      return cycle.off() == OffKind.POWER_OFF || r.key().isPresent();
    }
    if (phase != CyclePhase.OFF || (r.evacuate() && f.primaries() > 0)) {
      return false;
    }
    if (cycle.off() == OffKind.POWER_OFF) {
      return true;
    }
    return (r.key().isEmpty() || !policy.powerControl()) && upOnItsOldBootSince(r);
  }

  /** Whether a report the collector made after {@code r} came shows the boot id from before. */
  private boolean upOnItsOldBootSince(RebootRequest r) {
    return f.answering()
        && !cycle.bootId().isEmpty()
        && f.bootId().equals(cycle.bootId())
        && f.reported().map(made -> !made.isBefore(r.pendingRebootSince())).orElse(false);
  }

  /** A request's status in a phase of {@code status}: one that is not evacuated never says so. */
  private static RequestStatus statusOf(RebootRequest r, RequestStatus status) {
    return status == RequestStatus.EVACUATING && !r.evacuate() ? RequestStatus.PENDING : status;
  }

  /** The cycle fails: its requests fail with {@code reason}; the node is left as it is. */
  Optional<Settled> fail(String reason) {
    requests.replaceAll(r -> r.in(cycle.id()) ? r.to(RequestStatus.FAILED, now, reason) : r);
    cycle = cycle.at(CyclePhase.IDLE, now);
    return settle("failed: " + reason);
  }

  /** The cycle fails when its phase ({@code of} it) has lasted the boot timeout. */
  Optional<Settled> timedOut(String of) {
    if (Duration.between(cycle.since(), now).compareTo(policy.bootTimeout()) < 0) {
      return Optional.empty();
    }
    return fail(
        "node " + cycle.node() + " did not come back within " + policy.bootTimeout() + " " + of);
  }

  /** The hardest mode the cycle's requests ask for, hard from the start after a failed soft one. */
  RebootMode mode() {
    RebootMode m = cycle.forceHard() ? RebootMode.HARD : RebootMode.SOFT;
    for (RebootRequest r : mine()) {
      m = m.and(r.mode());
    }
    return m;
  }

  boolean holds() {
    return mine().stream().anyMatch(RebootRequest::holds);
  }

  List<String> keys() {
    return mine().stream().filter(RebootRequest::holds).map(r -> r.key().orElseThrow()).toList();
  }

  /** The cycle's active requests. */
  List<RebootRequest> mine() {
    return requests.stream().filter(r -> r.in(cycle.id()) && r.active()).toList();
  }

  /** The cycle's active requests at {@code status} (pending, for one not evacuated), with why. */
  void mark(RequestStatus status, String why) {
    requests.replaceAll(
        r -> r.in(cycle.id()) && r.active() ? r.to(statusOf(r, status), now, why) : r);
  }

  Optional<Settled> moveOn(CyclePhase next) {
    cycle = cycle.at(next, now);
    mark(next.status(), next.name().toLowerCase(Locale.ROOT));
    return Optional.empty();
  }

  Optional<Settled> capped() {
    CapacityWait.CapReached cap = f.cap().orElseThrow();
    return Optional.of(new Settled(Optional.empty(), cap.waits(), Optional.of(cap)));
  }

  Optional<Settled> act(Action a, String text) {
    return Optional.of(new Settled(Optional.of(a), text, Optional.empty()));
  }

  Optional<Settled> settle(String text) {
    return Optional.of(new Settled(Optional.empty(), text, Optional.empty()));
  }
}
