package org.maintd.reboot;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.maintd.reboot.CyclePass.Settled;

/**
 * The phases of a cycle once it took its node down. Hard wins: a hard request that joins while a
 * soft attempt has not taken effect escalates it at once, and a soft attempt that has not taken
 * effect within the soft timeout falls back to hard where a hard path exists, else the cycle fails.
 * While a key holds it, the node stays off (or offline and drained after its reboot); once none
 * does it is powered on, and when it is back (a new boot id) its {@code lastPoweredOn} is now:
 * every request of the cycle accepted before is done, and any other leaves the cycle for the next.
 * Only a report the collector made after the node was taken down tells that it has not rebooted
 * (one made before, replayed or late, says nothing of the reboot). A node that does not come back
 * within the boot timeout fails the cycle. Not thread-safe: one per pass.
 */
final class BringingBack {
  private final CyclePass p;

  BringingBack(CyclePass pass) {
    this.p = pass;
  }

  Optional<Settled> rebooting() {
    if (back()) {
      p.cycle = p.cycle.poweredOn(p.now);
      if (p.holds()) {
        p.cycle = p.cycle.at(CyclePhase.HELD, p.now);
        p.mark(RequestStatus.HELD, "rebooted; kept offline and drained while held");
        return Optional.empty();
      }
      return poweredOn();
    }
    return escalate().or(() -> p.timedOut("of its reboot")).or(() -> p.settle("rebooting"));
  }

  Optional<Settled> poweringOff() {
    if (!p.f.answering()) {
      p.cycle = p.cycle.at(CyclePhase.HELD, p.now);
      p.mark(RequestStatus.HELD, "powered off");
      return Optional.empty();
    }
    return escalate().or(() -> p.timedOut("of its power-off")).or(() -> p.settle("powering off"));
  }

  /**
   * Hard wins: a hard request while the node goes down soft, or a soft attempt that has not taken
   * effect within the soft timeout (then without a hard path the cycle fails).
   */
  private Optional<Settled> escalate() {
    NodeCycle c = p.cycle;
    if (c.mode() == RebootMode.HARD || !sameBoot()) {
      return Optional.empty();
    }
    boolean late = Duration.between(c.since(), p.now).compareTo(p.policy.softTimeout()) >= 0;
    if (p.mode() == RebootMode.SOFT && !late) {
      return Optional.empty();
    }
    String why =
        late
            ? "the soft "
                + (c.off() == OffKind.POWER_OFF ? "power-off" : "reboot")
                + " did not take effect within "
                + p.policy.softTimeout()
            : "a hard request came";
    if (!p.policy.hardPath()) {
      return p.fail(why + " and no hard path is configured");
    }
    p.cycle = c.hardFromNow().down(RebootMode.HARD, c.off(), c.bootId(), p.now);
    p.mark(RequestStatus.POWERING_OFF, why + "; going hard");
    return p.act(
        c.off() == OffKind.POWER_OFF
            ? new Action.PowerOff(RebootMode.HARD)
            : new Action.Reboot(RebootMode.HARD),
        why + "; going hard");
  }

  Optional<Settled> held() {
    if (p.holds()) {
      String keys = String.join(", ", p.keys());
      if (p.cycle.off() == OffKind.REBOOT && !p.f.offline()) {
        return p.act(new Action.SetOffline(true), "held by " + keys + ": set offline");
      }
      return p.settle("held by " + keys);
    }
    if (p.cycle.off() == OffKind.REBOOT) {
      return poweredOn();
    }
    if (p.f.busy()) {
      return p.settle("released; busy with another job this round");
    }
    p.cycle = p.cycle.at(CyclePhase.ON, p.now);
    p.mark(RequestStatus.POWERING_ON, "every key released: powering on");
    return p.act(new Action.PowerOn(), "powering on");
  }

  Optional<Settled> poweringOn() {
    if (back()) {
      p.cycle = p.cycle.poweredOn(p.now);
      return poweredOn();
    }
    return p.timedOut("of its power-on").or(() -> p.settle("powering on"));
  }

  /**
   * Every request of the cycle accepted before the power-on is done; one accepted since (it joined
   * a node held after its reboot, or at the very time of the power-on) leaves the cycle and waits
   * for the next: a cycle never ends with a request it did not satisfy. Then the node is undrained.
   */
  private Optional<Settled> poweredOn() {
    Instant on = p.cycle.lastPoweredOn().orElseThrow();
    String id = p.cycle.id();
    p.requests.replaceAll(
        r ->
            !r.in(id) || !r.active()
                ? r
                : r.pendingRebootSince().isBefore(on)
                    ? r.to(RequestStatus.DONE, p.now, "powered on at " + on)
                    : r.leftFor(
                        "the power-on at " + on + " came before it: waits for the next cycle",
                        p.now));
    return p.moveOn(CyclePhase.UNDRAIN);
  }

  Optional<Settled> undrain() {
    if (p.f.offline() && keptOffline()) {
      return p.act(new Action.SetOffline(false), "back online");
    }
    if (p.f.drained() && !p.cycle.wasDrained()) {
      return p.act(new Action.Undrain(), "undraining");
    }
    p.cycle = p.cycle.at(CyclePhase.IDLE, p.now);
    boolean more = p.requests.stream().anyMatch(r -> r.cycle().isEmpty() && r.active());
    return more ? Optional.empty() : p.settle("back in service");
  }

  /**
   * Whether this cycle set its node offline: it rebooted it rather than powering it off, and held
   * it under a key. A node someone else set offline meanwhile (the maintenance schedule taking it
   * down) stays offline.
   */
  private boolean keptOffline() {
    return p.cycle.off() == OffKind.REBOOT
        && p.requests.stream().anyMatch(r -> r.in(p.cycle.id()) && r.key().isPresent());
  }

  /**
   * Whether a report made after the node was taken down shows the boot id from before: it has not
   * rebooted.
   */
  private boolean sameBoot() {
    return p.f.answering() && sinceDown() && p.f.bootId().equals(p.cycle.bootId());
  }

  /** Back with a new boot id (or, when the old one was unknown, answering since it went down). */
  private boolean back() {
    return p.f.answering()
        && !p.f.bootId().equals(p.cycle.bootId())
        && (!p.cycle.bootId().isEmpty() || sinceDown());
  }

  /** Whether the collector made its report since the node was taken down (or does not say when). */
  private boolean sinceDown() {
    return p.f.reported().map(at -> !at.isBefore(p.cycle.since())).orElse(true);
  }
}
