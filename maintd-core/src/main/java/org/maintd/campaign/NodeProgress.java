package org.maintd.campaign;

import java.time.Instant;

/**
 * One node's place in a campaign: its phase and since when; the boot id its collector reported
 * before the reboot (a different one afterwards proves the reboot); whether the node was drained
 * before the campaign (then the campaign leaves it drained).
 */
public record NodeProgress(
    String node, NodePhase phase, Instant since, String bootId, boolean wasDrained) {
  public NodeProgress {
    bootId = bootId == null ? "" : bootId;
  }

  public static NodeProgress waiting(String node, Instant now) {
    return new NodeProgress(node, NodePhase.WAITING, now, "", false);
  }

  public NodeProgress to(NodePhase next, Instant now) {
    return new NodeProgress(node, next, now, bootId, wasDrained);
  }

  public NodeProgress withBootId(String id) {
    return new NodeProgress(node, phase, since, id, wasDrained);
  }

  public NodeProgress withWasDrained(boolean value) {
    return new NodeProgress(node, phase, since, bootId, value);
  }
}
