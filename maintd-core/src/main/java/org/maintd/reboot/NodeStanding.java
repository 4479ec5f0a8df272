package org.maintd.reboot;

import java.util.Optional;

/**
 * What admitting a request needs to know of its node besides the requests: whether the cluster has
 * it, the campaign and the active incident that hold it (empty: none), and whether the maintenance
 * schedule has it DOWN (taken out of service for its window: no reboot request may touch it, nor
 * bring it back when its cycle ends).
 */
public record NodeStanding(
    boolean exists, Optional<String> campaign, Optional<String> incident, boolean down) {

  /** A node with no campaign, incident or maintenance on it. */
  public static NodeStanding free() {
    return new NodeStanding(true, Optional.empty(), Optional.empty(), false);
  }
}
