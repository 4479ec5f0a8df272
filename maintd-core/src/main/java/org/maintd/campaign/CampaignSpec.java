package org.maintd.campaign;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * What the operator asked for: which nodes, how they are emptied, at most how many are rebooted at
 * once (0: as many as the reboot plan allows), how long a node must report {@code Ok} after its
 * reboot before its instances come back, how long a reboot may take before the campaign stops, and
 * the daily windows in which a new group may start (none: any time).
 */
public record CampaignSpec(
    NodeSelection selection,
    CampaignMode mode,
    int maxNodes,
    Duration soak,
    Duration bootTimeout,
    List<DailyWindow> windows) {

  public CampaignSpec {
    windows = List.copyOf(windows);
    if (maxNodes < 0) {
      throw new CampaignException(
          CampaignException.Kind.BAD_REQUEST,
          "'max_nodes' must be 0 (no limit) or more, not " + maxNodes);
    }
    if (soak.isNegative()) {
      throw new CampaignException(
          CampaignException.Kind.BAD_REQUEST, "'soak' must not be negative");
    }
    if (bootTimeout.isNegative() || bootTimeout.isZero()) {
      throw new CampaignException(
          CampaignException.Kind.BAD_REQUEST, "'boot_timeout' must be positive");
    }
  }

  public boolean inWindow(Instant at) {
    return windows.isEmpty() || windows.stream().anyMatch(w -> w.contains(at));
  }
}
