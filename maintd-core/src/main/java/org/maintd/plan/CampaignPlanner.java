package org.maintd.plan;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignMode;
import org.maintd.campaign.CampaignStatus;
import org.maintd.campaign.Home;
import org.maintd.campaign.NodePhase;
import org.maintd.campaign.NodeProgress;
import org.maintd.campaign.NodeSignal;
import org.maintd.campaign.RebootKind;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;

/**
 * Plans the next steps of a campaign on what the repairs left free. The nodes of the current group
 * go, each at its own pace: master role moved away (master only), drained, emptied, rebooted, back
 * with a new boot id, {@code Ok} for the soak time, undrained, instances moved back; then the next
 * group starts (inside the campaign's windows). Observations drive it, so a campaign read back
 * after a restart goes on where it was: a node already rebooted is never rebooted again. A node
 * that does not come back, or reports a fault after its reboot, stops the campaign: nothing further
 * is rebooted, and the other nodes of the group are brought back. Not thread-safe: one per planning
 * pass.
 */
final class CampaignPlanner {
  private final RoundContext ctx;
  private final EvacuationPlanner evacuations;
  private final Map<String, NodeSignal> signals;
  private final Duration hardRebootAfter;
  private final Instant now;

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
    this.ctx = ctx;
    this.evacuations = evacuations;
    this.signals = signals;
    this.hardRebootAfter = hardRebootAfter;
    this.now = now;
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
        return c.withNext(
            "group "
                + (c.current() + 1)
                + " of "
                + c.groups().size()
                + " waits for a window "
                + c.spec().windows());
      }
      List<String> waits = new ArrayList<>();
      for (String node : group) {
        NodeRun run = new NodeRun(c, node, jobs);
        run.advance();
        c = run.campaign;
        if (!run.wait.isEmpty()) {
          waits.add(node + ": " + run.wait);
        }
      }
      Campaign settled = c;
      boolean groupDone = group.stream().allMatch(n -> finished(settled.progress(n).phase()));
      if (!groupDone) {
        String head =
            (c.status().isStopping() ? "stopping (" + c.stopReason() + "); " : "")
                + "group "
                + (c.current() + 1)
                + " of "
                + c.groups().size()
                + ": ";
        return c.withNext(head + String.join("; ", waits));
      }
      c =
          c.event(
                  now,
                  "group-done",
                  "group " + (c.current() + 1) + " (" + String.join(",", group) + ")")
              .withCurrent(c.current() + 1);
      if (c.status().isStopping()) {
        return finish(c);
      }
    }
    return c;
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

  private static boolean finished(NodePhase phase) {
    return phase == NodePhase.DONE || phase == NodePhase.SKIPPED;
  }

  /** One node's steps in this pass: phases that need no job follow each other at once. */
  private final class NodeRun {
    Campaign campaign;
    final String node;
    final CampaignJobs jobs;
    String wait = "";

    NodeRun(Campaign campaign, String node, List<JobSpec> jobs) {
      this.campaign = campaign;
      this.node = node;
      this.jobs = new CampaignJobs(ctx, campaign, node, jobs);
    }

    NodeProgress progress() {
      return campaign.progress(node);
    }

    void advance() {
      for (int guard = 0; guard < NodePhase.values().length + 1; guard++) {
        NodePhase before = progress().phase();
        if (finished(before)) {
          return;
        }
        Optional<Node> found = ctx.index.node(node);
        if (found.isEmpty()) {
          fail("node " + node + " is no longer in the cluster");
          skip("no longer in the cluster");
          return;
        }
        step(found.get());
        if (!wait.isEmpty() || progress().phase() == before) {
          return;
        }
      }
    }

    private void step(Node n) {
      boolean stopping = campaign.status().isStopping();
      switch (progress().phase()) {
        case WAITING -> {
          if (stopping) {
            skip("the campaign is stopping");
          } else if (ctx.excludedTargets.contains(node) && !n.drained()) {
            wait = "has an active incident; repairs come first";
          } else {
            begin(n);
          }
        }
        case MASTER_FAILOVER -> {
          if (stopping) {
            skip("the campaign is stopping");
          } else if (!n.master()) {
            begin(n);
          } else {
            failoverMaster(n);
          }
        }
        case DRAIN -> {
          if (stopping) {
            move(NodePhase.UNDRAIN, "not rebooted: the campaign is stopping");
          } else if (n.drained()) {
            move(NodePhase.EVACUATE, "drained");
          } else {
            drain(n);
          }
        }
        case EVACUATE -> {
          if (stopping) {
            move(NodePhase.UNDRAIN, "not rebooted: the campaign is stopping");
          } else {
            evacuate(n);
          }
        }
        case REBOOT -> {
          if (stopping) {
            move(NodePhase.UNDRAIN, "not rebooted: the campaign is stopping");
          } else {
            reboot(n);
          }
        }
        case BOOT, SOAK -> watchReboot(n);
        case UNDRAIN -> undrain(n);
        case RETURN -> returnHome();
        default -> {}
      }
    }

    private void begin(Node n) {
      if (n.master()) {
        move(
            NodePhase.MASTER_FAILOVER, "is the master: the role moves to a master candidate first");
        return;
      }
      List<Home> homes = new ArrayList<>(campaign.homes());
      homes.removeIf(h -> h.node().equals(node));
      ctx.cluster.primariesOf(node).forEach(i -> homes.add(new Home(i.name(), node, true)));
      if (campaign.spec().mode() == CampaignMode.FULL_EVACUATION) {
        ctx.cluster.secondariesOf(node).forEach(i -> homes.add(new Home(i.name(), node, false)));
      }
      campaign = campaign.withHomes(homes).withNode(progress().withWasDrained(n.drained()));
      move(NodePhase.DRAIN, "started");
    }

    private void failoverMaster(Node n) {
      Optional<Node> candidate =
          ctx.cluster.nodes().stream()
              .filter(
                  x ->
                      !x.name().equals(node) && x.flags().masterCandidate() && x.acceptsInstances())
              .filter(
                  x ->
                      !campaign.currentGroup().contains(x.name())
                          && !ctx.excludedTargets.contains(x.name()))
              .filter(x -> jobs.free(x.name()))
              .findFirst();
      if (candidate.isEmpty()) {
        wait = "no online master candidate can take the master role";
        return;
      }
      if (!jobs.free(node)) {
        wait = "busy with another job this round";
        return;
      }
      jobs.submit(
          new Operation.FailoverMaster(node, candidate.get().name()),
          "move the master role from " + node + " to " + candidate.get().name());
      wait = "the master role moves to " + candidate.get().name() + "; the daemon there goes on";
    }

    private void drain(Node n) {
      if (ctx.excludedTargets.contains(node)) {
        wait = "has an active incident; repairs come first";
        return;
      }
      if (!jobs.free(node)) {
        wait = "busy with another job this round";
        return;
      }
      String capped = ctx.unavailable.refusal(n);
      if (capped != null) {
        wait = "waits for the safety cap: " + capped;
        return;
      }
      ctx.unavailable.takeDown(n);
      jobs.submit(Operation.SetNodeFlags.drain(node), "drain " + node + " for its reboot");
      wait = "draining";
    }

    private void evacuate(Node n) {
      List<Instance> primaries = ctx.cluster.primariesOf(node);
      List<Instance> secondaries =
          campaign.spec().mode() == CampaignMode.FULL_EVACUATION
              ? ctx.cluster.secondariesOf(node)
              : List.of();
      if (primaries.isEmpty() && secondaries.isEmpty()) {
        move(NodePhase.REBOOT, "empty");
        return;
      }
      Step step =
          evacuations.moveOff(jobs.claimOwner(), n, primaries, secondaries, false, jobs::job);
      jobs.addClaimed(step.jobs());
      wait = step.next();
    }

    private void reboot(Node n) {
      if (!jobs.free(node)) {
        wait = "busy with another job this round";
        return;
      }
      String bootId = signals.getOrDefault(node, NodeSignal.unknown()).bootId();
      jobs.submit(new Operation.RebootNode(node), "reboot " + node);
      campaign = campaign.withNode(progress().withBootId(bootId));
      move(NodePhase.BOOT, "rebooting (boot id before: " + RebootWatch.known(bootId) + ")");
      wait = "rebooting";
    }

    private void watchReboot(Node n) {
      RebootWatch.Times times =
          new RebootWatch.Times(
              campaign.spec().soak(), campaign.spec().bootTimeout(), hardRebootAfter);
      RebootWatch.Verdict v =
          RebootWatch.watch(
              progress(),
              signals.getOrDefault(node, NodeSignal.unknown()),
              n.offline(),
              times,
              now);
      if (v instanceof RebootWatch.Verdict.Back back) {
        moveAt(NodePhase.SOAK, back.since(), back.text());
        wait = back.soaking();
      } else if (v instanceof RebootWatch.Verdict.SoakRestarted restarted) {
        campaign = campaign.withNode(progress().to(NodePhase.SOAK, restarted.since()));
        wait = v.text();
      } else if (v instanceof RebootWatch.Verdict.Refused
          || v instanceof RebootWatch.Verdict.Soaked) {
        move(NodePhase.UNDRAIN, v.text());
      } else if (v instanceof RebootWatch.Verdict.Faulty
          || v instanceof RebootWatch.Verdict.TimedOut) {
        failNode(v.text());
      } else if (v instanceof RebootWatch.Verdict.HardRebootDue) {
        hardReboot(v.text());
      } else {
        wait = v.text();
      }
    }

    private void hardReboot(String reason) {
      if (!jobs.free(node)) {
        wait = "a hard reboot is due; busy with another job this round";
        return;
      }
      jobs.submit(new Operation.RebootNode(node, true), "hard reboot of " + node + ": " + reason);
      campaign =
          campaign
              .withNode(progress().withReboot(RebootKind.HARD).to(NodePhase.BOOT, now))
              .event(now, node + ":hard-reboot", reason + "; power-cycled through the cluster");
      wait = "power-cycled through the cluster";
    }

    private void undrain(Node n) {
      if (!n.drained() || progress().wasDrained()) {
        move(
            NodePhase.RETURN,
            progress().wasDrained()
                ? "left drained: it was drained before the campaign"
                : "undrained");
        return;
      }
      if (!jobs.free(node)) {
        wait = "busy with another job this round";
        return;
      }
      jobs.submit(
          new Operation.SetNodeFlags(node, Optional.of(false), Optional.empty()),
          "undrain " + node + " after its reboot");
      wait = "undraining";
    }

    private void returnHome() {
      MoveBack.Homecoming home = new MoveBack(ctx, jobs, node, now).plan(campaign);
      campaign = home.campaign();
      if (home instanceof MoveBack.Homecoming.Settled) {
        move(NodePhase.DONE, home.text());
        return;
      }
      wait = home.text();
    }

    private void move(NodePhase next, String why) {
      moveAt(next, now, why);
    }

    private void moveAt(NodePhase next, Instant since, String why) {
      campaign =
          campaign
              .withNode(progress().to(next, since))
              .event(now, node + ":" + next.wireName(), why);
    }

    private void skip(String why) {
      move(NodePhase.SKIPPED, why);
    }

    private void failNode(String reason) {
      fail(reason);
      skip(reason);
    }

    private void fail(String reason) {
      if (!campaign.status().isStopping()) {
        campaign =
            campaign.withStatus(CampaignStatus.FAILING, reason).event(now, "failing", reason);
      }
    }
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
                  return p != NodePhase.WAITING && !finished(p);
                })
            .forEach(nodes::add);
      }
    }
    return nodes;
  }
}
