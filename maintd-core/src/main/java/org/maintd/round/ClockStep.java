package org.maintd.round;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.NodeProgress;
import org.maintd.reboot.NodeCycle;
import org.maintd.reboot.RebootRequest;
import org.maintd.reboot.Reboots;
import org.maintd.spi.CollectorStatus;
import org.maintd.spi.MaintdState;

/**
 * The wall clock stepped by {@code step} (the daemon saw it move that much more, or less, than its
 * monotonic clock): every time the state keeps to measure a wait against now moves with it, so that
 * a wait lasts as long as it really has, not an hour more or less. A soft reboot is not taken for
 * failed (and the node rebooted hard, a second time) because the clock jumped past its soft
 * timeout, nor a boot timeout reached or put off by the step. What moves: each node's power cycle
 * (its phase's start, the power-on, its pending reboot), the active reboot requests' pending
 * reboots, the running campaigns' nodes (their reboot and soak starts), each collector's status
 * since, the instances' health records (restarts and shutdowns retried after their interval,
 * records forgotten after their expiry) and, in memory, since when each node reports ok and when
 * the last round began. Times of day (maintenance windows, allowed hours) stay: they follow the
 * wall clock by nature; and history (events, ended requests) says when things happened as read
 * then.
 */
final class ClockStep {
  private ClockStep() {}

  /** {@code state} with its waits moved by {@code step}; itself when the step is zero. */
  static RoundState across(RoundState state, Duration step) {
    if (step.isZero()) {
      return state;
    }
    MaintdState s = state.stored();
    MaintdState moved =
        s.withReboots(reboots(s.reboots(), step))
            .withCampaigns(s.campaigns().stream().map(c -> campaign(c, step)).toList())
            .withCollectors(collectors(s.collectors(), step))
            .withHealth(s.health().movedBy(step));
    Memory m = state.memory();
    return new RoundState(
        moved, m.withOkSince(instants(m.okSince(), step)).withLastRound(m.lastRound().plus(step)));
  }

  /** What the step's log says of {@code step}. */
  static String said(Duration step) {
    return "the wall clock stepped "
        + (step.isNegative() ? "back " : "forward ")
        + Math.round(step.abs().toMillis() / 1000.0)
        + " s: the running waits (power cycles, reboot requests, campaigns, collectors' ok since,"
        + " instances' restart retries)"
        + " move with it";
  }

  private static Reboots reboots(Reboots r, Duration step) {
    return new Reboots(
        r.requests().stream().map(q -> request(q, step)).toList(),
        r.cycles().stream().map(c -> cycle(c, step)).toList());
  }

  private static RebootRequest request(RebootRequest q, Duration step) {
    return q.active() ? q.withPendingRebootSince(q.pendingRebootSince().plus(step)) : q;
  }

  private static NodeCycle cycle(NodeCycle c, Duration step) {
    return c.withSince(c.since().plus(step))
        .withPendingRebootSince(c.pendingRebootSince().map(t -> t.plus(step)))
        .withLastPoweredOn(c.lastPoweredOn().map(t -> t.plus(step)));
  }

  private static Campaign campaign(Campaign c, Duration step) {
    if (!c.status().isActive()) {
      return c;
    }
    return c.withNodes(
        c.nodes().stream()
            .map(
                p ->
                    new NodeProgress(
                        p.node(),
                        p.phase(),
                        p.since().plus(step),
                        p.bootId(),
                        p.wasDrained(),
                        p.reboot()))
            .toList());
  }

  private static Map<String, CollectorStatus> collectors(
      Map<String, CollectorStatus> statuses, Duration step) {
    Map<String, CollectorStatus> moved = new LinkedHashMap<>();
    statuses.forEach(
        (node, c) ->
            moved.put(node, new CollectorStatus(c.health(), c.detail(), c.since().plus(step))));
    return moved;
  }

  private static Map<String, Instant> instants(Map<String, Instant> times, Duration step) {
    Map<String, Instant> moved = new LinkedHashMap<>();
    times.forEach((key, t) -> moved.put(key, t.plus(step)));
    return moved;
  }
}
