package org.maintd.campaign;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.maintd.job.OwnerKind;

/**
 * A rolling-reboot campaign as it stands: the reboot groups fixed when it was created, the group
 * being worked on, every node's progress, where moved instances belong, its history, and what
 * happens next or why it waits. Immutable; every change gives a new campaign. Its single-value
 * withers are generated.
 */
@RecordBuilder
public record Campaign(
    String id,
    CampaignSpec spec,
    CampaignStatus status,
    String stopReason,
    List<List<String>> groups,
    int current,
    List<NodeProgress> nodes,
    List<Home> homes,
    List<CampaignEvent> history,
    String next,
    Instant ctime,
    Instant mtime)
    implements CampaignBuilder.With {

  public Campaign {
    groups = groups.stream().map(List::copyOf).toList();
    nodes = List.copyOf(nodes);
    homes = List.copyOf(homes);
    history = List.copyOf(history);
    stopReason = stopReason == null ? "" : stopReason;
    next = next == null ? "" : next;
  }

  /** The owners of campaigns' jobs: {@code campaign:ID}. */
  public static final OwnerKind OWNERS = new OwnerKind("campaign");

  /** The job owner of this campaign's jobs. */
  public String owner() {
    return OWNERS.of(id);
  }

  public List<String> currentGroup() {
    return current < groups.size() ? groups.get(current) : List.of();
  }

  public NodeProgress progress(String node) {
    return nodes.stream()
        .filter(p -> p.node().equals(node))
        .findFirst()
        .orElseThrow(
            () -> new IllegalArgumentException("node " + node + " is not in campaign " + id));
  }

  public long count(NodePhase phase) {
    return nodes.stream().filter(p -> p.phase() == phase).count();
  }

  /** This campaign with {@code progress} in place of its node's. */
  public Campaign withNode(NodeProgress progress) {
    List<NodeProgress> copy = new ArrayList<>(nodes);
    copy.replaceAll(p -> p.node().equals(progress.node()) ? progress : p);
    return withNodes(copy);
  }

  public Campaign withStatus(CampaignStatus value, String reason) {
    return with(b -> b.status(value).stopReason(reason));
  }

  /** Stops starting new steps; nodes already rebooting still come back. Only a running campaign. */
  public Campaign pause(String who, Instant now) {
    require(status == CampaignStatus.RUNNING, "pause");
    return withStatus(CampaignStatus.PAUSED, "paused by " + who)
        .withNext("paused by " + who)
        .event(now, "paused", "by " + who);
  }

  public Campaign resume(String who, Instant now) {
    require(status == CampaignStatus.PAUSED, "resume");
    return withStatus(CampaignStatus.RUNNING, "").withNext("").event(now, "resumed", "by " + who);
  }

  /** Nothing further is rebooted; the current group's nodes are brought back, then it ends. */
  public Campaign abort(String who, Instant now) {
    require(status == CampaignStatus.RUNNING || status == CampaignStatus.PAUSED, "abort");
    return withStatus(CampaignStatus.ABORTING, "aborted by " + who)
        .withNext("stopping: aborted by " + who)
        .event(now, "aborting", "by " + who);
  }

  /**
   * The job that carried a step failed: the campaign stops as when a node does not come back, and
   * the instances the job moved back home stay where they are (a move back that failed is not tried
   * again).
   */
  public Campaign jobFailed(String reason, Collection<String> instances, Instant now) {
    Campaign c = this;
    for (Home h : homes) {
      if (instances.contains(h.instance())) {
        List<Home> kept = new ArrayList<>(c.homes);
        kept.remove(h);
        c =
            c.withHomes(kept)
                .event(now, "stays", h.instance() + " stays away from " + h.node() + ": " + reason);
      }
    }
    if (!status.isActive() || status == CampaignStatus.FAILING) {
      return c;
    }
    return c.withStatus(CampaignStatus.FAILING, reason).event(now, "failing", reason);
  }

  /**
   * The soft reboot of {@code node} failed (its collector could not be reached, or its command
   * failed): with a hard fall-back configured, a hard reboot is due instead of a stop. Empty when
   * the node is not waiting for a soft reboot.
   */
  public Optional<Campaign> softRebootFailed(String node, String reason, Instant now) {
    NodeProgress p = nodes.stream().filter(n -> n.node().equals(node)).findFirst().orElse(null);
    if (p == null || p.phase() != NodePhase.BOOT || p.reboot() != RebootKind.SOFT) {
      return Optional.empty();
    }
    return Optional.of(
        withNode(p.withReboot(RebootKind.HARD_DUE))
            .event(now, node + ":soft-reboot-failed", reason + "; a hard reboot is due"));
  }

  /**
   * The collector of {@code node} refused its soft reboot ({@code reason} says why): the node was
   * not rebooted, it is brought back, and the campaign stops. Empty when the node is not waiting
   * for a soft reboot.
   */
  public Optional<Campaign> rebootRefused(String node, String reason, Instant now) {
    NodeProgress p = nodes.stream().filter(n -> n.node().equals(node)).findFirst().orElse(null);
    if (p == null || p.phase() != NodePhase.BOOT || p.reboot() != RebootKind.SOFT) {
      return Optional.empty();
    }
    Campaign c =
        withNode(p.withReboot(RebootKind.REFUSED)).event(now, node + ":reboot-refused", reason);
    return Optional.of(
        !status.isActive() || status.isStopping()
            ? c
            : c.withStatus(CampaignStatus.FAILING, reason).event(now, "failing", reason));
  }

  private void require(boolean allowed, String action) {
    if (!allowed) {
      throw new CampaignException(
          CampaignException.Kind.CONFLICT,
          "campaign " + id + " is " + status.wireName() + " and cannot " + action);
    }
  }

  /** Adds a history entry; the modification time follows. */
  public Campaign event(Instant at, String event, String detail) {
    List<CampaignEvent> copy = new ArrayList<>(history);
    copy.add(new CampaignEvent(at, event, detail));
    return new Campaign(
        id, spec, status, stopReason, groups, current, nodes, homes, copy, next, ctime, at);
  }
}
