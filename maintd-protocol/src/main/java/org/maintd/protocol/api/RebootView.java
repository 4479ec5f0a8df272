package org.maintd.protocol.api;

import java.util.List;
import java.util.Optional;
import org.maintd.reboot.CyclePhase;
import org.maintd.reboot.NodeCycle;
import org.maintd.reboot.RebootRequest;
import org.maintd.reboot.Reboots;

/**
 * A reboot request as the API shows it: its id, node, mode, key (null: one-shot), reason, whether
 * the node is emptied first, who asked, its status, whether its key was released, when it was
 * accepted ({@code pendingRebootSince}, the daemon's clock) and its history.
 */
public record RebootView(
    String id,
    String node,
    String mode,
    String key,
    String reason,
    boolean evacuate,
    String who,
    String status,
    boolean released,
    double pendingRebootSince,
    List<Event> history) {

  /** One entry of its history. */
  public record Event(double at, String status, String detail) {}

  public static RebootView of(RebootRequest r) {
    return new RebootView(
        r.id(),
        r.node(),
        r.mode().wireName(),
        r.key().orElse(null),
        r.reason(),
        r.evacuate(),
        r.who(),
        r.status().wireName(),
        r.released(),
        Times.seconds(r.pendingRebootSince()),
        r.history().stream()
            .map(e -> new Event(Times.seconds(e.at()), e.status(), e.detail()))
            .toList());
  }

  /**
   * A node's reboots, as {@code GET /1/nodes/<node>/reboot} shows them: its power as its collector
   * last showed it ({@code on}, {@code off} when it did not answer, {@code unknown} before a poll),
   * the phase of its cycle, whether it is held (off, or offline after its reboot, while keys hold
   * it) and which keys hold it (or will, once it is), its {@code pendingRebootSince} (the earliest
   * request of its last cycle) and {@code lastPoweredOn} (when it came back from a power-off of its
   * own; null: not yet), and its requests, oldest first.
   */
  public record NodeReboots(
      String node,
      String power,
      String phase,
      boolean held,
      List<String> keys,
      Double pendingRebootSince,
      Double lastPoweredOn,
      List<RebootView> requests) {

    public static NodeReboots of(String node, String power, Reboots reboots) {
      Optional<NodeCycle> cycle = reboots.find(node);
      List<RebootRequest> requests = reboots.of(node);
      CyclePhase phase = cycle.map(NodeCycle::phase).orElse(CyclePhase.IDLE);
      return new NodeReboots(
          node,
          power,
          phase.name().toLowerCase(java.util.Locale.ROOT),
          phase == CyclePhase.HELD,
          RebootView.keys(requests),
          cycle.flatMap(NodeCycle::pendingRebootSince).map(Times::seconds).orElse(null),
          cycle.flatMap(NodeCycle::lastPoweredOn).map(Times::seconds).orElse(null),
          requests.stream().map(RebootView::of).toList());
    }
  }

  /** The keys that hold a node among its {@code requests}. */
  static List<String> keys(List<RebootRequest> requests) {
    return requests.stream().filter(RebootRequest::holds).map(r -> r.key().orElseThrow()).toList();
  }
}
