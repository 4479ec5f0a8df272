package org.maintd.wait;

import java.time.ZonedDateTime;
import java.util.List;
import java.util.UUID;

/**
 * Why an item of a round waits, one record per kind. {@link #kind} is stable (API field, metric
 * label); {@link #text} is the sentence shown to operators.
 */
public sealed interface WaitReason {
  /** Every kind a reason may have, in the order the metrics list them. */
  List<String> KINDS =
      List.of(
          "jobs-running",
          "paused",
          "round-delay",
          "not-planned",
          "cap",
          "no-room",
          "target",
          "busy",
          "node-missing",
          "master",
          "incident",
          "campaign",
          "instance",
          "declined",
          "consent",
          "window",
          "not-ok",
          "allowed-hours",
          "alert",
          "alert-unknown");

  /** The kind, as {@code /1/plan} and the metrics name it: one of {@link #KINDS}. */
  String kind();

  /** What it says. */
  String text();

  /** The round is held back: jobs of the previous round still run. */
  record JobsRunning(List<String> jobs, long round) implements WaitReason {
    public JobsRunning {
      jobs = List.copyOf(jobs);
    }

    @Override
    public String kind() {
      return "jobs-running";
    }

    @Override
    public String text() {
      return "waiting for jobs " + String.join(", ", jobs) + " of round " + round;
    }
  }

  /** The round is held back: automatic actions are paused, by whom or why. */
  record Paused(String reason) implements WaitReason {
    @Override
    public String kind() {
      return "paused";
    }

    @Override
    public String text() {
      return "paused: " + reason;
    }
  }

  /** The round is held back until the round delay has passed. */
  record RoundDelay(long secondsLeft) implements WaitReason {
    @Override
    public String kind() {
      return "round-delay";
    }

    @Override
    public String text() {
      return "waiting for the round delay (" + secondsLeft + " s left)";
    }
  }

  /** No round was planned yet: the daemon has not completed a poll. */
  record NotPlanned() implements WaitReason {
    @Override
    public String kind() {
      return "not-planned";
    }

    @Override
    public String text() {
      return "no round planned yet: the daemon has not completed a poll";
    }
  }

  /**
   * A safety cap: {@code scope} (a node group or a failure domain) already has {@code down} out of
   * service, as many as {@code cap} allows ({@code allowed} nodes).
   */
  record CapReached(String scope, List<String> down, int allowed, String cap)
      implements WaitReason {
    public CapReached {
      down = List.copyOf(down);
    }

    @Override
    public String kind() {
      return "cap";
    }

    @Override
    public String text() {
      return "cap: "
          + scope
          + " already has "
          + down.size()
          + " node(s) out of service ("
          + String.join(", ", down)
          + "), maxUnavailable allows "
          + allowed
          + " ("
          + cap
          + ")";
    }
  }

  /** A node has too little of a resource for what is to be placed there. */
  record NoRoom(String node, Resource resource, long free, long needed) implements WaitReason {
    /** What a node lacks. */
    public enum Resource {
      MEMORY,
      DISK,
      VCPUS
    }

    @Override
    public String kind() {
      return "no-room";
    }

    @Override
    public String text() {
      return switch (resource) {
        case MEMORY -> node + " has " + free + " MiB free memory, " + needed + " needed";
        case DISK -> node + " has " + free + " MiB free disk, " + needed + " needed";
        case VCPUS -> node + " has room for " + free + " more vcpus, " + needed + " needed";
      };
    }
  }

  /**
   * No node of the group has room for {@code need}, the nodes {@code ruledOut} aside (why each).
   */
  record NoTarget(String need, List<String> ruledOut) implements WaitReason {
    public NoTarget {
      ruledOut = List.copyOf(ruledOut);
    }

    public NoTarget(String need) {
      this(need, List.of());
    }

    @Override
    public String kind() {
      return "no-room";
    }

    @Override
    public String text() {
      return "no "
          + need
          + (ruledOut.isEmpty() ? "" : "; ruled out: " + String.join(", ", ruledOut));
    }
  }

  /** A node may not receive instances: it is offline or drained, or out of the round's reach. */
  record TargetRefused(String node, String why) implements WaitReason {
    @Override
    public String kind() {
      return "target";
    }

    @Override
    public String text() {
      return node + " " + why;
    }
  }

  /** Nodes or instances it needs are in another job of this round. */
  record Busy(String what, boolean many) implements WaitReason {
    @Override
    public String kind() {
      return "busy";
    }

    @Override
    public String text() {
      return what + (many ? " are" : " is") + " busy with another job this round";
    }
  }

  /** Its node is not in the cluster. */
  record NodeMissing(String node) implements WaitReason {
    @Override
    public String kind() {
      return "node-missing";
    }

    @Override
    public String text() {
      return "node " + node + " is not in the cluster";
    }
  }

  /** The node is the master and no master candidate can take the role. */
  record NoMasterCandidate(String node) implements WaitReason {
    @Override
    public String kind() {
      return "master";
    }

    @Override
    public String text() {
      return "node " + node + " is the master and no online master candidate can take the role";
    }
  }

  /** A more invasive incident on the same node is handled first. */
  record IncidentFirst(UUID incident, String action) implements WaitReason {
    @Override
    public String kind() {
      return "incident";
    }

    @Override
    public String text() {
      return incident + " (" + action + ") is handled first on this node";
    }
  }

  /** A node it needs has an active incident, which handles its instances. */
  record NodeHasIncident(String node) implements WaitReason {
    @Override
    public String kind() {
      return "incident";
    }

    @Override
    public String text() {
      return "node " + node + " has an active incident, which handles its instances";
    }
  }

  /** A campaign is under way. */
  record CampaignUnderWay(String id) implements WaitReason {
    @Override
    public String kind() {
      return "campaign";
    }

    @Override
    public String text() {
      return "campaign " + id + " is under way";
    }
  }

  /** The instance is not yet as its admin state wants it ({@code status}). */
  record InstanceNotSettled(String status) implements WaitReason {
    @Override
    public String kind() {
      return "instance";
    }

    @Override
    public String text() {
      return "the instance is "
          + status
          + "; its result is written once it runs as its admin state wants";
    }
  }

  /** The instance declined the drain of its node; it stays until its window starts, or longer. */
  record Declined(String instance, String reason, java.time.Instant since, String until)
      implements WaitReason {
    @Override
    public String kind() {
      return "declined";
    }

    @Override
    public String text() {
      return instance
          + " declined ("
          + (reason.isEmpty() ? "no reason given" : reason)
          + ", since "
          + since
          + "): it stays "
          + until;
    }
  }

  /** The instances' consent to the drain has been asked and not yet answered. */
  record ConsentPending(List<String> instances) implements WaitReason {
    public ConsentPending {
      instances = List.copyOf(instances);
    }

    @Override
    public String kind() {
      return "consent";
    }

    @Override
    public String text() {
      return "asking " + String.join(", ", instances) + " for consent";
    }
  }

  /** Its maintenance window has not started yet ({@code what} happens once it does). */
  record WindowNotStarted(java.time.Instant start, String what) implements WaitReason {
    @Override
    public String kind() {
      return "window";
    }

    @Override
    public String text() {
      return what + " once its window starts at " + start;
    }
  }

  /** A node has not reported {@code Ok} ({@code fault}: what it reports; empty: unknown). */
  record NotOk(String node, String fault) implements WaitReason {
    @Override
    public String kind() {
      return "not-ok";
    }

    @Override
    public String text() {
      return node
          + (fault.isEmpty() ? " has not reported Ok yet" : " reports " + fault + ", not Ok");
    }
  }

  /** Planned work waits: it is outside the allowed {@code hours}, which next open {@code opens}. */
  record OutsideAllowedHours(String hours, ZonedDateTime opens) implements WaitReason {
    @Override
    public String kind() {
      return "allowed-hours";
    }

    @Override
    public String text() {
      return "outside the allowed hours (" + hours + "): waits until " + opens.toOffsetDateTime();
    }
  }

  /**
   * Planned work waits while these alerts are active: each alert's name, followed by {@code
   * (pending)} when it does not fire yet.
   */
  record AlertsActive(List<String> alerts) implements WaitReason {
    /** How many names the text shows at most, as kured's log does. */
    public static final int SHOWN = 10;

    public AlertsActive {
      alerts = List.copyOf(alerts);
    }

    @Override
    public String kind() {
      return "alert";
    }

    @Override
    public String text() {
      List<String> shown = alerts.subList(0, Math.min(SHOWN, alerts.size()));
      return alerts.size()
          + " alert(s) active: "
          + String.join(", ", shown)
          + (alerts.size() > SHOWN ? ", ..." : "");
    }
  }

  /** Planned work waits: the alerts could not be read, for {@code reason} (fail-safe). */
  record AlertsUnknown(String reason) implements WaitReason {
    @Override
    public String kind() {
      return "alert-unknown";
    }

    @Override
    public String text() {
      return "the alerts cannot be read: " + reason;
    }
  }
}
