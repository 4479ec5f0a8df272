package org.maintd.plan;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignStatus;
import org.maintd.campaign.NodePhase;
import org.maintd.campaign.NodeProgress;
import org.maintd.campaign.NodeSignal;
import org.maintd.job.JobSpec;
import org.maintd.wait.WaitReason;

/**
 * Plans the next steps of a campaign on what the repairs left free. The nodes of the current group
 * go, each at its own pace: master role moved away (master only), drained, emptied, rebooted, back
 * with a new boot id, {@code Ok} for the soak time, undrained, instances moved back; then the next
 * group starts (inside the campaign's windows). Observations drive it, so a campaign read back
 * after a restart goes on where it was: a node already rebooted is never rebooted again. A node
 * that does not come back, or reports a fault after its reboot, stops the campaign: nothing further
 * is rebooted, and the other nodes of the group are brought back. While planned work is held (the
 * guard's reason in the round's context), no new group starts and each node stops at a safe point
 * ({@link NodeRun}); a stopping campaign still winds down. Not thread-safe: one per planning pass.
 */
final class CampaignPlanner {
  private final NodeRun.Pass pass;
  private final Instant now;
  private final Optional<WaitReason> held;

  /**
   * A planner that, with a positive {@code hardRebootAfter}, reboots a node hard through the
   * cluster's power control when its soft reboot failed or it is not back that long after it.
   */
  CampaignPlanner(
      RoundContext ctx,
      EvacuationPlanner evacuations,
      Map<String, NodeSignal> signals,
      Duration hardRebootAfter,
      Instant now) {
    this.pass = new NodeRun.Pass(ctx, evacuations, signals, hardRebootAfter, now);
    this.now = now;
    this.held = ctx.plannedWorkHeld;
  }

  /** The campaign after this round's steps; the steps' jobs are added to {@code jobs}. */
  Campaign plan(Campaign campaign, List<JobSpec> jobs) {
    if (!campaign.status().isActive()) {
      return campaign;
    }
    if (campaign.status() == CampaignStatus.PAUSED) {
      return campaign.withNext("paused: " + campaign.stopReason());
    }
    Campaign c = campaign;
    for (int guard = 0; guard <= c.groups().size(); guard++) {
      List<String> group = c.currentGroup();
      if (group.isEmpty()) {
        return finish(c);
      }
      if (!c.status().isStopping() && !started(c, group) && !c.spec().inWindow(now)) {
        return c.withNext(ofGroups(c) + " waits for a window " + c.spec().windows());
      }
      if (!c.status().isStopping() && !started(c, group) && held.isPresent()) {
        return c.withNext(ofGroups(c) + " does not start: " + held.get().text());
      }
      List<String> waits = new ArrayList<>();
      c = run(c, group, jobs, waits);
      Campaign settled = c;
      if (!group.stream().allMatch(n -> NodeRun.finished(settled.progress(n).phase()))) {
        String stopping = c.status().isStopping() ? "stopping (" + c.stopReason() + "); " : "";
        return c.withNext(stopping + ofGroups(c) + ": " + String.join("; ", waits));
      }
      String done = "group " + (c.current() + 1) + " (" + String.join(",", group) + ")";
      c = c.event(now, "group-done", done).withCurrent(c.current() + 1);
      if (c.status().isStopping()) {
        return finish(c);
      }
    }
    return c;
  }

  /** Runs each node of {@code group} as far as it goes; adds to {@code waits} why one waits. */
  private Campaign run(
      Campaign campaign, List<String> group, List<JobSpec> jobs, List<String> waits) {
    Campaign c = campaign;
    for (String node : group) {
      NodeRun run = new NodeRun(pass, c, node, jobs);
      NodeStep last = run.advance();
      c = run.campaign();
      if (last instanceof NodeStep.Waits waiting) {
        waits.add(node + ": " + waiting.reason());
      }
    }
    return c;
  }

  /** "group 2 of 3", for the current group. */
  private static String ofGroups(Campaign c) {
    return "group " + (c.current() + 1) + " of " + c.groups().size();
  }

  private Campaign finish(Campaign c) {
    Campaign out = c;
    for (NodeProgress p : c.nodes()) {
      if (p.phase() == NodePhase.WAITING) {
        out = out.withNode(p.to(NodePhase.SKIPPED, now));
      }
    }
    CampaignStatus end =
        switch (c.status()) {
          case ABORTING -> CampaignStatus.ABORTED;
          case FAILING -> CampaignStatus.FAILED;
          default -> CampaignStatus.COMPLETED;
        };
    String what =
        end == CampaignStatus.COMPLETED
            ? c.count(NodePhase.DONE) + " node(s) rebooted"
            : c.stopReason();
    return out.withStatus(end, c.stopReason())
        .withCurrent(c.groups().size())
        .event(now, end.wireName(), what)
        .withNext(
            "nothing: "
                + end.wireName()
                + (end == CampaignStatus.COMPLETED ? "" : ": " + c.stopReason()));
  }

  private static boolean started(Campaign c, List<String> group) {
    return group.stream().anyMatch(n -> c.progress(n).phase() != NodePhase.WAITING);
  }

  /** Nodes a campaign currently holds out of service (for other planners to leave alone). */
  static Set<String> busyNodes(List<Campaign> campaigns) {
    Set<String> nodes = new java.util.HashSet<>();
    for (Campaign c : campaigns) {
      if (c.status().isActive()) {
        c.currentGroup().stream()
            .filter(
                n -> {
                  NodePhase p = c.progress(n).phase();
                  return p != NodePhase.WAITING && !NodeRun.finished(p);
                })
            .forEach(nodes::add);
      }
    }
    return nodes;
  }
}
