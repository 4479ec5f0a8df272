package org.maintd.round;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.maintd.cluster.ClusterIndex;
import org.maintd.cluster.Instance;
import org.maintd.cluster.TaggedObject;
import org.maintd.harep.HarepOwner;
import org.maintd.harep.HarepTagException;
import org.maintd.harep.RepairNeed;
import org.maintd.harep.RepairResult;
import org.maintd.harep.RepairState;
import org.maintd.harep.RepairTag;
import org.maintd.job.JobIds;
import org.maintd.job.JobState;
import org.maintd.job.JobStatus;
import org.maintd.plan.TagChange;
import org.maintd.spi.Intent;

/**
 * Keeps harep's state tags on instances in step with the repair jobs: the pending tag of a repair
 * lists each of its jobs once the job has an id, and a repair whose jobs have all ended gets its
 * result: failure if one failed; success once the instance is healthy again (nodes online, run
 * state as its admin state wants), which closes a one-off request on a healthy instance at once,
 * with no job; otherwise it stays pending for the planner to take its next step. Each change is a
 * tag effect and is made at once to the step's working snapshot, so that planning sees it. A
 * pending tag that did not land is written again at the next step that finds it missing. Stateless.
 */
final class HarepTagging {
  private HarepTagging() {}

  /**
   * Every submitted repair job in its repair's pending tag: a new pending tag (replacing the
   * instance's last result) when the repair has none yet, or the pending tag with the job added.
   */
  static void recordSubmitted(Turn t) {
    for (Intent intent : t.state.intents()) {
      Optional<HarepOwner> owner = HarepOwner.parse(intent.job().owner());
      if (owner.isEmpty() || !intent.submitted()) {
        continue;
      }
      Optional<Instance> inst = t.cluster.instance(owner.get().instance());
      if (inst.isEmpty()) {
        continue;
      }
      String id = owner.get().repairId();
      Optional<String> pendingRaw = pendingTagOf(inst.get(), id);
      if (pendingRaw.isPresent()) {
        RepairTag pending = RepairTag.parse(pendingRaw.get()).orElseThrow();
        List<String> submitted = JobIds.each(intent.jobId());
        if (!pending.jobs().containsAll(submitted)) {
          List<String> jobs = new ArrayList<>(pending.jobs());
          submitted.stream().filter(j -> !jobs.contains(j)).forEach(jobs::add);
          change(
              t,
              "harep-pending:" + inst.get().name() + ":" + id + ":" + intent.jobId(),
              new TagChange(
                  TaggedObject.instance(inst.get().name()),
                  List.of(RepairTag.pending(pending.type(), id, pending.time(), jobs).text()),
                  List.of(pendingRaw.get()),
                  "repair job " + intent.jobId() + " submitted"));
        }
      } else if (!hasRepair(inst.get(), id)) {
        RepairTag pending =
            RepairTag.pending(
                owner.get().type(), id, t.now.getEpochSecond(), JobIds.each(intent.jobId()));
        change(
            t,
            "harep-pending:" + inst.get().name() + ":" + id,
            new TagChange(
                TaggedObject.instance(inst.get().name()),
                List.of(pending.text()),
                lastResult(t, inst.get()),
                "repair job " + intent.jobId() + " submitted"));
      }
    }
  }

  /**
   * Ends every pending repair whose jobs have all finished: success if all succeeded, else failure.
   */
  static void settle(Turn t) {
    for (Instance inst : t.cluster.instances()) {
      Optional<RepairState.Pending> pending = pending(inst);
      if (pending.isEmpty()) {
        continue;
      }
      List<JobState> jobs =
          pending.get().tag().jobs().stream().map(id -> t.inputs.jobs().get(id)).toList();
      if (jobs.stream().anyMatch(j -> j == null || !j.status().isFinished())) {
        continue;
      }
      boolean ok = jobs.stream().allMatch(j -> j.status() == JobStatus.SUCCESS);
      if (ok && !healthy(t, inst)) {
        continue; // its next step is the planner's
      }
      RepairTag result =
          pending
              .get()
              .tag()
              .ended(ok ? RepairResult.SUCCESS : RepairResult.FAILURE, t.now.getEpochSecond());
      change(
          t,
          "harep-result:" + inst.name() + ":" + result.id(),
          new TagChange(
              TaggedObject.instance(inst.name()),
              List.of(result.text()),
              List.of(pending.get().raw()),
              !ok
                  ? "repair failed: " + failures(jobs)
                  : jobs.isEmpty()
                      ? "the instance is healthy: nothing to repair"
                      : "repair jobs succeeded and the instance is healthy"));
    }
  }

  /** A tag change as an effect under {@code key}, made to the working snapshot at once. */
  static void change(Turn t, String key, TagChange change) {
    t.tag(new Effect.Tag(key, change.object(), change.add(), change.remove(), change.why()));
    t.log.add(
        LogLine.info(
            "["
                + change.object()
                + "] tags added "
                + change.add()
                + " removed "
                + change.remove()
                + ": "
                + change.why()));
  }

  /** Healthy: no repair needed (its nodes online and undrained), its run state as wanted. */
  static boolean healthy(Turn t, Instance inst) {
    return RepairNeed.of(new ClusterIndex(t.cluster), inst).isEmpty()
        && !inst.status().name().startsWith("ERROR_");
  }

  private static Optional<String> pendingTagOf(Instance inst, String repairId) {
    for (String tag : inst.tags()) {
      try {
        if (RepairTag.parse(tag).map(r -> r.isPending() && r.id().equals(repairId)).orElse(false)) {
          return Optional.of(tag);
        }
      } catch (HarepTagException e) {
        // a malformed tag is not this repair's
      }
    }
    return Optional.empty();
  }

  private static List<String> lastResult(Turn t, Instance inst) {
    try {
      RepairState state = RepairState.of(inst.name(), inst.tags());
      if (state instanceof RepairState.Healthy h && h.last().isPresent()) {
        return List.of(h.raw());
      }
    } catch (HarepTagException e) {
      t.log.add(LogLine.warn("[instance=" + inst.name() + "] " + e.getMessage()));
    }
    return List.of();
  }

  private static Optional<RepairState.Pending> pending(Instance inst) {
    try {
      return RepairState.of(inst.name(), inst.tags()) instanceof RepairState.Pending p
          ? Optional.of(p)
          : Optional.empty();
    } catch (HarepTagException e) {
      return Optional.empty();
    }
  }

  private static String failures(List<JobState> jobs) {
    return String.join(
        "; ",
        jobs.stream()
            .filter(j -> j.status() != JobStatus.SUCCESS)
            .map(j -> "job " + j.id() + " " + j.status().wireName() + " " + j.message())
            .toList());
  }

  private static boolean hasRepair(Instance inst, String repairId) {
    for (String tag : inst.tags()) {
      try {
        if (RepairTag.parse(tag).map(r -> r.id().equals(repairId)).orElse(false)) {
          return true;
        }
      } catch (HarepTagException e) {
        // a malformed tag is not this repair's
      }
    }
    return false;
  }
}
