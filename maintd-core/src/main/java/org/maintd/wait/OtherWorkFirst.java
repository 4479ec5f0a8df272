package org.maintd.wait;

import java.util.UUID;

/**
 * Why something waits for other work to go first: another job of the round holds what it needs, an
 * incident handles the node, or a campaign is under way. Immutable.
 */
public sealed interface OtherWorkFirst extends WaitReason {
  /** Nodes or instances it needs are in another job of this round. */
  record Busy(String what, boolean many) implements OtherWorkFirst {
    @Override
    public WaitKind waitKind() {
      return WaitKind.BUSY;
    }

    @Override
    public String text() {
      return what + (many ? " are" : " is") + " busy with another job this round";
    }
  }

  /** A more invasive incident on the same node is handled first. */
  record IncidentFirst(UUID incident, String action) implements OtherWorkFirst {
    @Override
    public WaitKind waitKind() {
      return WaitKind.INCIDENT;
    }

    @Override
    public String text() {
      return incident + " (" + action + ") is handled first on this node";
    }
  }

  /** A node it needs has an active incident, which handles its instances. */
  record NodeHasIncident(String node) implements OtherWorkFirst {
    @Override
    public WaitKind waitKind() {
      return WaitKind.INCIDENT;
    }

    @Override
    public String text() {
      return "node " + node + " has an active incident, which handles its instances";
    }
  }

  /** A campaign is under way. */
  record CampaignUnderWay(String id) implements OtherWorkFirst {
    @Override
    public WaitKind waitKind() {
      return WaitKind.CAMPAIGN;
    }

    @Override
    public String text() {
      return "campaign " + id + " is under way";
    }
  }

  /** A campaign has started on the node: its reboot goes first. */
  record CampaignFirst(String id) implements OtherWorkFirst {
    @Override
    public WaitKind waitKind() {
      return WaitKind.CAMPAIGN;
    }

    @Override
    public String text() {
      return "campaign " + id + " is rebooting it; it goes first";
    }
  }
}
