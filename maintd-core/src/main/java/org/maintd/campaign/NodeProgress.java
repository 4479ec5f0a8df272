package org.maintd.campaign;

import java.time.Instant;

/**
 * One node's place in a campaign: its phase and since when; the boot id its collector reported
 * before the reboot (a different one afterwards proves the reboot); whether the node was drained
 * before the campaign (then the campaign leaves it drained); how it was last rebooted ({@code SOFT}
 * when not stored, as in states written before hard reboots existed).
 */
public record NodeProgress(
    String node,
    NodePhase phase,
    Instant since,
    String bootId,
    boolean wasDrained,
    RebootKind reboot) {
  public NodeProgress {
    bootId = bootId == null ? "" : bootId;
    reboot = reboot == null ? RebootKind.SOFT : reboot;
  }

  public static NodeProgress waiting(String node, Instant now) {
    return new NodeProgress(node, NodePhase.WAITING, now, "", false, RebootKind.SOFT);
  }

  public NodeProgress to(NodePhase next, Instant now) {
    return new NodeProgress(node, next, now, bootId, wasDrained, reboot);
  }

  public NodeProgress withBootId(String id) {
    return new NodeProgress(node, phase, since, id, wasDrained, reboot);
  }

  public NodeProgress withWasDrained(boolean value) {
    return new NodeProgress(node, phase, since, bootId, value, reboot);
  }

  public NodeProgress withReboot(RebootKind value) {
    return new NodeProgress(node, phase, since, bootId, wasDrained, value);
  }
}
