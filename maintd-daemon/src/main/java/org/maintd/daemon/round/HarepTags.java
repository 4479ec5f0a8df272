package org.maintd.daemon.round;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Instance;
import org.maintd.cluster.TaggedObject;
import org.maintd.harep.HarepOwner;
import org.maintd.harep.HarepTagException;
import org.maintd.harep.RepairResult;
import org.maintd.harep.RepairState;
import org.maintd.harep.RepairTag;
import org.maintd.job.JobState;
import org.maintd.job.JobStatus;
import org.maintd.plan.TagChange;
import org.maintd.spi.ClusterBackend;
import org.maintd.spi.Intent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps harep's state tags on instances in step with the repair jobs: a pending tag as soon as a
 * repair job has an id, a result tag once all its jobs have ended, and the tag changes a round
 * planned outside jobs. Each method returns the snapshot with the tags as they now are, so that
 * planning sees them. Not thread-safe; used by the loop.
 */
final class HarepTags {
  private static final Logger log = LoggerFactory.getLogger(HarepTags.class);

  private final ClusterBackend backend;
  private final Clock clock;

  HarepTags(ClusterBackend backend, Clock clock) {
    this.backend = backend;
    this.clock = clock;
  }

  /** Writes the pending tag of every submitted repair job whose instance does not carry it yet. */
  Cluster recordSubmitted(Cluster cluster, List<Intent> intents) {
    Cluster c = cluster;
    for (Intent intent : intents) {
      Optional<HarepOwner> owner = HarepOwner.parse(intent.job().owner());
      if (owner.isEmpty() || !intent.submitted()) {
        continue;
      }
      Optional<Instance> inst = c.instance(owner.get().instance());
      if (inst.isEmpty() || hasRepair(inst.get(), owner.get().repairId())) {
        continue;
      }
      List<String> remove = new ArrayList<>();
      try {
        RepairState state = RepairState.of(inst.get().name(), inst.get().tags());
        if (state instanceof RepairState.Healthy h && h.last().isPresent()) {
          remove.add(h.raw());
        }
      } catch (HarepTagException e) {
        log.warn("[instance={}] {}", inst.get().name(), e.getMessage());
      }
      RepairTag pending = RepairTag.pending(owner.get().type(), owner.get().repairId(), clock.instant().getEpochSecond(),
          List.of(intent.jobId()));
      c = change(c, new TagChange(TaggedObject.instance(inst.get().name()), List.of(pending.text()), remove,
          "repair job " + intent.jobId() + " submitted"));
    }
    return c;
  }

  /** Ends every pending repair whose jobs have all finished: success if all succeeded, else failure. */
  Cluster settle(Cluster cluster) {
    Cluster c = cluster;
    for (Instance inst : cluster.instances()) {
      RepairState state;
      try {
        state = RepairState.of(inst.name(), inst.tags());
      } catch (HarepTagException e) {
        continue;
      }
      if (!(state instanceof RepairState.Pending p)) {
        continue;
      }
      List<JobState> jobs = p.tag().jobs().stream().map(backend::job).toList();
      if (jobs.stream().anyMatch(j -> !j.status().isFinished())) {
        continue;
      }
      boolean ok = jobs.stream().allMatch(j -> j.status() == JobStatus.SUCCESS);
      RepairTag result = p.tag().ended(ok ? RepairResult.SUCCESS : RepairResult.FAILURE, clock.instant().getEpochSecond());
      String why = ok ? "repair jobs succeeded" : "repair failed: " + jobs.stream()
          .filter(j -> j.status() != JobStatus.SUCCESS)
          .map(j -> "job " + j.id() + " " + j.status().wireName() + " " + j.message()).reduce((a, b) -> a + "; " + b).orElse("");
      c = change(c, new TagChange(TaggedObject.instance(inst.name()), List.of(result.text()), List.of(p.raw()), why));
    }
    return c;
  }

  /** Applies tag changes planned by a round. */
  Cluster apply(Cluster cluster, List<TagChange> changes) {
    Cluster c = cluster;
    for (TagChange change : changes) {
      c = change(c, change);
    }
    return c;
  }

  private Cluster change(Cluster c, TagChange change) {
    if (!change.add().isEmpty()) {
      backend.addTags(change.object(), change.add());
    }
    if (!change.remove().isEmpty()) {
      backend.removeTags(change.object(), change.remove());
    }
    log.info("[{}] tags added {} removed {}: {}", change.object(), change.add(), change.remove(), change.why());
    return c.withTagsOf(change.object(), tags -> {
      List<String> out = new ArrayList<>(tags);
      out.removeAll(change.remove());
      change.add().stream().filter(t -> !out.contains(t)).forEach(out::add);
      return out;
    });
  }

  private static boolean hasRepair(Instance inst, String repairId) {
    for (String tag : inst.tags()) {
      try {
        if (RepairTag.parse(tag).map(t -> t.id().equals(repairId)).orElse(false)) {
          return true;
        }
      } catch (HarepTagException e) {
        // a malformed tag is not this repair's
      }
    }
    return false;
  }
}
