package org.maintd.round;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.maintd.maintenance.Consent;
import org.maintd.maintenance.Consents;
import org.maintd.maintenance.MachineNotice;
import org.maintd.maintenance.Maintenance;
import org.maintd.maintenance.MaintenanceMode;
import org.maintd.maintenance.ModeFollowsNode;

/**
 * The maintenance schedule in the step: the instances' answers taken in every tick (decline tags
 * seen or gone, the consent commands' answers), machines DOWN whose nodes were set online outside
 * maintd, and what a round's start changed (modes) said in the log, one line each. Stateless.
 */
final class Scheduling {
  private Scheduling() {}

  /** Takes in this tick's answers: decline tags and the consent commands'. */
  static void observeConsents(Turn t) {
    Maintenance before = t.state.maintenance();
    Maintenance after = Consents.observe(before, t.cluster, t.inputs.consents().answers(), t.now);
    if (after.equals(before)) {
      return;
    }
    for (Consent c : after.consents()) {
      if (!before.consents().contains(c)) {
        t.log.add(
            LogLine.info(
                "[node="
                    + c.node()
                    + "] [instance="
                    + c.instance()
                    + "] consent "
                    + c.answer().wireName()
                    + " ("
                    + c.source()
                    + (c.reason().isEmpty() ? "" : ": " + c.reason())
                    + ")"));
      }
    }
    t.state = t.state.withMaintenance(after);
  }

  /**
   * Machines DOWN whose nodes were set online outside maintd follow their nodes ({@link
   * ModeFollowsNode}), each said in the log. Taken before the round's jobs are cleared: a node that
   * a job of the round still has (its going offline just ended) is left to the next tick.
   */
  static void followNodes(Turn t) {
    Set<String> busy = new HashSet<>();
    t.state.intents().forEach(i -> busy.addAll(i.job().nodes()));
    Maintenance before = t.state.maintenance();
    Maintenance after = ModeFollowsNode.follow(before, t.cluster, busy, t.now);
    if (after.equals(before)) {
      return;
    }
    for (MachineNotice n : after.notices()) {
      if (!before.notices().contains(n)) {
        t.log.add(LogLine.warn("[machine=" + n.node() + "] " + n.message()));
      }
    }
    t.state = t.state.withMaintenance(after);
  }

  /** The log lines of the machines whose mode the round's start changed. */
  static List<LogLine> changes(Maintenance before, Maintenance after) {
    List<LogLine> out = new ArrayList<>();
    for (MaintenanceMode m : after.modes()) {
      if (!before.modes().contains(m)) {
        out.add(
            LogLine.info("[machine=" + m.hostname() + "] " + m.mode().name() + ": " + m.reason()));
      }
    }
    for (MaintenanceMode m : before.modes()) {
      if (after.mode(m.hostname()).isEmpty()) {
        out.add(LogLine.info("[machine=" + m.hostname() + "] UP: out of the schedule"));
      }
    }
    return out;
  }
}
