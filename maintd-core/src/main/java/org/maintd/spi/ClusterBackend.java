package org.maintd.spi;

import java.util.List;
import java.util.Optional;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.TaggedObject;
import org.maintd.health.DiskStatus;
import org.maintd.job.JobSpec;
import org.maintd.job.JobState;
import org.maintd.job.Operation;
import org.maintd.jobtime.PastOperation;

/**
 * How maintd talks to the cluster manager. Implementations must be thread-safe. Every call may
 * throw {@link BackendException}; a submission that throws may or may not have created a job, so
 * callers look the job up by its key with {@link #findJobs} before submitting again.
 */
public interface ClusterBackend {

  /** A fresh snapshot of groups, nodes and instances. */
  Cluster snapshot();

  /** Submits the job and returns its id. */
  String submit(JobSpec job);

  /** The job's current status; {@code UNKNOWN} when the backend has no such job. */
  JobState job(String id);

  /** Ids of the jobs whose reason trail contains {@code text}, oldest first. */
  List<String> findJobs(String text);

  /**
   * The jobs in the queue that carry maintd's reason trail ({@link
   * org.maintd.job.ReasonTrail#SOURCE}): what is left of maintd's work when its state is lost.
   */
  List<JobTrace> jobTraces();

  /**
   * The operations of the recent jobs the cluster manager still shows that succeeded, whoever ran
   * them, each with how long it took and its size in {@code snapshot}: what a rehearsal's job
   * durations are learned from ({@link org.maintd.jobtime.OperationTimes}). None by default, where
   * the backend keeps no history of its own (the simulated cluster's times are its settings).
   */
  default List<PastOperation> pastOperations(Cluster snapshot) {
    return List.of();
  }

  /**
   * Why this backend cannot carry out {@code op} in {@code cluster} at all (it has no way to), as
   * an operator reads it; none where it can. A job with such an operation fails at once with this
   * reason. Asks nothing of the cluster manager.
   */
  default Optional<String> refusal(Operation op, Cluster cluster) {
    return Optional.empty();
  }

  /** Adds tags to a node, an instance, a group or the cluster; tags already there stay once. */
  void addTags(TaggedObject object, List<String> tags);

  /** Removes tags; tags that are not there are ignored. */
  void removeTags(TaggedObject object, List<String> tags);

  default void addNodeTag(String node, String tag) {
    addTags(new TaggedObject(TaggedObject.Kind.NODE, node), List.of(tag));
  }

  default void removeNodeTag(String node, String tag) {
    removeTags(new TaggedObject(TaggedObject.Kind.NODE, node), List.of(tag));
  }

  /** The name of the node the cluster manager considers its master. */
  String master();

  /**
   * What the cluster says of the instances of {@code snapshot}'s disks (Ganeti's {@code
   * disks_active}, and what verify-disks reports offline), as far as this backend can tell; nothing
   * by default.
   */
  default DiskStatus disks(Cluster snapshot) {
    return DiskStatus.unknown();
  }

  /**
   * The cluster of the last {@link #snapshot} as Ganeti's htools read it from the same answers
   * ({@code hroller -m}), for reboot groups that are hroller's: drained nodes and nodes that cannot
   * host instances offline, a running instance's memory what it uses now, on a KVM cluster each
   * node's own memory {@code staticKvmNodeMemory} MiB (0: what the node reports). Empty where the
   * backend's snapshot is that reading already, or before the first snapshot. Reads nothing from
   * the cluster manager; throws {@link org.maintd.rapi.RapiFormatException} naming what it cannot
   * read.
   */
  default Optional<Cluster> htoolsReading(long staticKvmNodeMemory) {
    return Optional.empty();
  }
}
