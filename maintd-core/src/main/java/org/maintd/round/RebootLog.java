package org.maintd.round;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.maintd.reboot.CycleStep;
import org.maintd.reboot.NodeCycle;
import org.maintd.reboot.RebootCycle;
import org.maintd.reboot.RebootRequest;
import org.maintd.reboot.Reboots;

/**
 * The round's side of reboot requests: a log line for each request whose status a step changed, and
 * a failed job of a node's cycle taken in (a soft attempt falls back to hard where it can, anything
 * else fails the cycle's requests). Stateless.
 */
final class RebootLog {
  private RebootLog() {}

  /** One line per request whose status differs between {@code before} and {@code after}. */
  static List<LogLine> changes(Reboots before, Reboots after) {
    Map<String, RebootRequest> was =
        before.requests().stream()
            .collect(Collectors.toMap(RebootRequest::id, Function.identity()));
    List<LogLine> out = new ArrayList<>();
    for (RebootRequest r : after.requests()) {
      RebootRequest old = was.get(r.id());
      if (old == null || old.status() != r.status()) {
        String detail =
            r.history().isEmpty() ? "" : r.history().get(r.history().size() - 1).detail();
        out.add(
            LogLine.info(
                "[reboot="
                    + r.id()
                    + "] [node="
                    + r.node()
                    + "] "
                    + r.status().wireName()
                    + (detail.isEmpty() ? "" : ": " + detail)));
      }
    }
    return out;
  }

  /** A job of the cycle {@code id} failed with {@code reason}. */
  static void jobFailed(Turn t, String id, String reason) {
    Reboots before = t.state.reboots();
    NodeCycle cycle = before.cycleById(id).orElse(null);
    if (cycle == null) {
      return;
    }
    CycleStep step =
        new RebootCycle(t.settings.reboot())
            .jobFailed(cycle, before.activeOf(cycle.node()), reason, t.now);
    t.state = t.state.withReboots(before.with(step));
    t.log.addAll(changes(before, t.state.reboots()));
  }
}
