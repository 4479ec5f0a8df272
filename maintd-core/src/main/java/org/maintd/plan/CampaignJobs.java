package org.maintd.plan;

import java.util.Collection;
import java.util.List;
import org.maintd.campaign.Campaign;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;

/**
 * The jobs of one node's run through a campaign: keyed for the campaign's owner, described with the
 * campaign, its mode and its group, and claimed for the node's run, so that its jobs may share the
 * node they act on (as an evacuation's do) while other owners' jobs keep away. Not thread-safe: one
 * per node and planning pass.
 */
final class CampaignJobs {
  private final RoundContext ctx;
  private final Campaign campaign;
  private final String claimOwner;
  private final List<JobSpec> jobs;

  /** Jobs for {@code node} in {@code campaign}, added to {@code jobs}, the round's list. */
  CampaignJobs(RoundContext ctx, Campaign campaign, String node, List<JobSpec> jobs) {
    this.ctx = ctx;
    this.campaign = campaign;
    this.claimOwner = campaign.owner() + ":" + node;
    this.jobs = jobs;
  }

  /** Whether no other owner's job of this round holds {@code node}. */
  boolean free(String node) {
    return ctx.claims.nodeFree(claimOwner, node);
  }

  /** Whether no other owner's job of this round holds any of {@code nodes}. */
  boolean free(Collection<String> nodes) {
    return ctx.claims.nodesFree(claimOwner, nodes);
  }

  /** Submits one operation as a job this round, described by {@code what}. */
  void submit(Operation op, String what) {
    add(job(List.of(op), what));
  }

  /** Claims what {@code job} acts on and submits it this round. */
  void add(JobSpec job) {
    ctx.claims.claim(claimOwner, job.nodes(), job.instances());
    jobs.add(job);
  }

  /**
   * Submits the jobs that move {@code primaries} and {@code secondaries} off {@code node}, as many
   * as targets have room for; the sentence says what moves and what waits.
   */
  String moveOff(
      EvacuationPlanner evacuations,
      Node node,
      List<Instance> primaries,
      List<Instance> secondaries) {
    Step step = evacuations.moveOff(claimOwner, node, primaries, secondaries, false, this::job);
    jobs.addAll(step.jobs());
    return step.next().text();
  }

  /** A job of {@code ops} with the next key of the round, not yet claimed nor submitted. */
  JobSpec job(List<Operation> ops, String what) {
    String owner = campaign.owner();
    String key = ctx.nextKey(owner);
    String text =
        "campaign "
            + campaign.id()
            + " ("
            + campaign.spec().mode().wireName()
            + ", group "
            + (campaign.current() + 1)
            + " of "
            + campaign.groups().size()
            + "): "
            + what;
    return new JobSpec(key, owner, ops, ReasonTrail.of(text, key, ctx.nowNanos));
  }
}
