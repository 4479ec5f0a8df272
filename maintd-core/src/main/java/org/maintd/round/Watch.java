package org.maintd.round;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Instance;
import org.maintd.harep.HarepTagException;
import org.maintd.harep.RepairState;
import org.maintd.job.JobSpec;
import org.maintd.spi.Intent;
import org.maintd.spi.MaintdState;

/**
 * The jobs whose status the next tick needs: those of the round's intents (with their
 * specification, so that a repair job a restarted daemon no longer knows can be asked for again,
 * unless its incident has ended: cancelled, or forgotten), including those whose ids the previous
 * effects just gave, and those named by harep's pending tags in {@code cluster}, the last snapshot
 * (specification unknown). Each job's specification is there when a job its runner no longer knows
 * is to be asked for again, empty when it is not (its incident ended, or it is unknown). Stateless.
 */
public final class Watch {
  private Watch() {}

  public static Map<String, Optional<JobSpec>> jobs(
      MaintdState state, Cluster cluster, List<Outcome> outcomes) {
    Map<String, String> fresh = new LinkedHashMap<>();
    for (Outcome o : outcomes) {
      if (o instanceof Outcome.Submitted s) {
        fresh.put(s.key(), s.jobId());
      }
    }
    Map<String, Optional<JobSpec>> ids = new LinkedHashMap<>();
    for (Intent i : state.intents()) {
      String id = i.submitted() ? i.jobId() : fresh.getOrDefault(i.job().key(), "");
      if (!id.isEmpty()) {
        ids.put(
            id,
            RoundClose.endedIncident(state, i.job().owner())
                ? Optional.empty()
                : Optional.of(i.job()));
      }
    }
    if (cluster != null) {
      pendingRepairJobs(cluster).forEach(id -> ids.putIfAbsent(id, Optional.empty()));
    }
    return ids;
  }

  /** The ids of the jobs that harep's pending tags in {@code cluster} name. */
  static List<String> pendingRepairJobs(Cluster cluster) {
    List<String> ids = new ArrayList<>();
    cluster.instances().forEach(inst -> ids.addAll(pendingRepairJobs(inst)));
    return ids;
  }

  private static List<String> pendingRepairJobs(Instance inst) {
    try {
      return RepairState.of(inst.name(), inst.tags()) instanceof RepairState.Pending p
          ? p.tag().jobs()
          : List.of();
    } catch (HarepTagException e) {
      return List.of(); // a malformed tag names no job of maintd's
    }
  }
}
