package org.maintd.reboot;

import java.util.Optional;

/**
 * The world around a {@link Node} in tests: it carries out the action of the node's last step as a
 * cluster would, at once (a reboot brings the node back with a new boot id, a power-off silences
 * it, a power-on brings it back), and counts the times it took the node down.
 */
final class World {
  private final Node n;
  private int boots = 1;
  int takeDowns;

  World(Node n) {
    this.n = n;
  }

  /** Carries out the last step's action, if any. */
  void perform() {
    perform(n.action());
  }

  /** Carries out {@code action}, if any. */
  void perform(Optional<Action> action) {
    if (action.isEmpty()) {
      return;
    }
    Action a = action.get();
    if (a instanceof Action.Drain) {
      n.drained = true;
    } else if (a instanceof Action.Evacuate) {
      n.primaries = 0;
    } else if (a instanceof Action.FailoverMaster) {
      n.master = false;
    } else if (a instanceof Action.Reboot) {
      takeDowns++;
      comeBack();
    } else if (a instanceof Action.PowerOff) {
      takeDowns++;
      n.answering = false;
      n.bootId = "";
    } else if (a instanceof Action.PowerOn) {
      comeBack();
    } else if (a instanceof Action.SetOffline o) {
      n.offline = o.offline();
    } else if (a instanceof Action.Undrain) {
      n.drained = false;
    } else {
      throw new IllegalArgumentException("the world cannot carry out " + a);
    }
  }

  private void comeBack() {
    n.answering = true;
    n.bootId = "world-boot-" + ++boots;
    n.reported = Optional.empty();
  }

  /** Every key that holds the node is released. */
  void releaseAll() {
    n.requests.stream()
        .filter(RebootRequest::holds)
        .map(r -> r.key().orElseThrow())
        .toList()
        .forEach(n::release);
  }
}
