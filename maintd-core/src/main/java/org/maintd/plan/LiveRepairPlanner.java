package org.maintd.plan;

import java.util.List;
import org.maintd.incident.Incident;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;
import org.maintd.wait.OtherWorkFirst;

/**
 * Plans a live repair: one job that runs the whitelisted repair command on the node through its
 * collector; once that job has run (and not failed), the incident is complete. Not thread-safe.
 */
final class LiveRepairPlanner {
  private final RoundContext ctx;

  LiveRepairPlanner(RoundContext ctx) {
    this.ctx = ctx;
  }

  Step plan(Incident incident) {
    if (!incident.jobs().isEmpty()) {
      return Step.done("repair command ran");
    }
    String owner = incident.uuid().toString();
    if (!ctx.claims.nodeFree(owner, incident.node())) {
      return Step.waiting(new OtherWorkFirst.Busy("node " + incident.node(), false));
    }
    String command = incident.diagnosis().command().orElseThrow();
    Operation op =
        new Operation.RunRepair(incident.node(), command, owner, incident.diagnosis().original());
    String key = ctx.nextKey(owner);
    String what = "incident " + owner + " (live-repair " + incident.node() + "): run " + command;
    JobSpec job = new JobSpec(key, owner, List.of(op), ReasonTrail.of(what, key, ctx.nowNanos));
    ctx.claims.claim(owner, job.nodes(), job.instances());
    return new Step(
        List.of(job), false, "run repair command " + command + " on " + incident.node());
  }
}
