package org.maintd.plan;

import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.NodePhase;
import org.maintd.health.Busy;
import org.maintd.health.Duty;
import org.maintd.health.HealthInput;
import org.maintd.health.HealthPlan;
import org.maintd.health.HealthPlanner;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;
import org.maintd.wait.OtherWorkFirst;

/**
 * Instance health in the round: after repairs, evacuations, planned maintenance and campaigns, and
 * before balancing, the watcher's duties on what they left. Nothing goes to a node a job of this
 * round takes, a node with an active incident, a machine the schedule drains or holds down, or a
 * node a campaign is about to drain or reboot; nor to an instance a job of this round touches. Its
 * jobs share one owner, so several may work on one node. Not thread-safe: one per planning pass.
 */
final class HealthJobs {
  /** The owner of every instance health job. */
  static final String OWNER = "health:instances";

  private static final Set<NodePhase> ABOUT_TO_REBOOT =
      EnumSet.of(
          NodePhase.WAITING,
          NodePhase.MASTER_FAILOVER,
          NodePhase.DRAIN,
          NodePhase.EVACUATE,
          NodePhase.REBOOT);

  private final RoundContext ctx;
  private final HealthPlanner planner;

  HealthJobs(RoundContext ctx, HealthPlanner planner) {
    this.ctx = ctx;
    this.planner = planner;
  }

  HealthPlan plan(
      HealthRound in, List<Campaign> campaigns, List<JobSpec> jobs, List<PlanItem> items) {
    Busy busy = new Busy(busyNodes(campaigns), ctx.claims.claimedInstances());
    HealthPlan plan =
        planner.plan(
            new HealthInput(ctx.cluster, in.stored(), in.disks(), in.bootIds(), busy, in.now()));
    for (Duty d : plan.duties()) {
      JobSpec job = job(d);
      ctx.claims.claim(OWNER, job.nodes(), job.instances());
      jobs.add(job);
    }
    plan.notes()
        .forEach(
            n ->
                items.add(
                    new PlanItem(
                        "health",
                        n.instance(),
                        n.waits()
                            ? Next.waitsAs(
                                n.text(),
                                new OtherWorkFirst.Busy("its nodes or the instance", true))
                            : Next.does(n.text()))));
    return plan;
  }

  private JobSpec job(Duty d) {
    String key = ctx.nextKey(OWNER);
    return new JobSpec(
        key, OWNER, List.of(operation(d)), ReasonTrail.of(d.reason(), key, ctx.nowNanos));
  }

  private static Operation operation(Duty d) {
    if (d instanceof Duty.Start s) {
      return new Operation.StartInstance(s.instance(), s.primary(), s.secondary());
    }
    if (d instanceof Duty.Shutdown s) {
      return new Operation.ShutdownInstance(s.instance(), s.primary(), true);
    }
    if (d instanceof Duty.ActivateDisks a) {
      return new Operation.ActivateDisks(a.instance(), a.primary(), a.secondary());
    }
    throw new IllegalStateException("unknown instance health duty " + d);
  }

  /** The nodes instance health keeps off this round, each with why. */
  private Map<String, String> busyNodes(List<Campaign> campaigns) {
    Map<String, String> out = new HashMap<>();
    ctx.excludedTargets.forEach(n -> out.put(n, "has an active incident or was evacuated"));
    ctx.ruledOut.forEach((n, why) -> out.put(n, "is ruled out: " + why));
    for (Campaign c : campaigns) {
      if (!c.status().isActive()) {
        continue;
      }
      for (String n : c.currentGroup()) {
        if (ABOUT_TO_REBOOT.contains(c.progress(n).phase())) {
          out.put(n, "is about to be rebooted by campaign " + c.id());
        }
      }
    }
    ctx.claims.claimedNodes().forEach(n -> out.put(n, "is taken by another job of this round"));
    ctx.rebooting.forEach(n -> out.put(n, "is about to be rebooted by a reboot request"));
    return out;
  }
}
