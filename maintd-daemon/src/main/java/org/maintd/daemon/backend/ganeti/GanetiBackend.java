package org.maintd.daemon.backend.ganeti;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.TaggedObject;
import org.maintd.health.DiskStatus;
import org.maintd.job.JobSpec;
import org.maintd.job.JobState;
import org.maintd.job.Operation;
import org.maintd.jobtime.PastOperation;
import org.maintd.rapi.HtoolsRapiLoader;
import org.maintd.rapi.RapiAnswers;
import org.maintd.rapi.RapiClusterReader;
import org.maintd.spi.BackendException;
import org.maintd.spi.ClusterBackend;
import org.maintd.spi.JobTrace;

/**
 * A Ganeti 3.0 cluster through RAPI: the cluster read from RAPI's answers, jobs ({@link
 * GanetiJobs}: one Ganeti job per operation, in order, found again by the reason trail; what RAPI
 * cannot do, such as copying an instance's disks or failing the master role over, refused at once
 * as a failed job with the reason), tags ({@link GanetiTags}) and the instances' disks ({@link
 * InstanceCalls}). Thread-safe.
 */
public final class GanetiBackend implements ClusterBackend {
  private final RapiClient rapi;
  private final RapiClusterReader reader = new RapiClusterReader();
  private final GanetiJobs jobs;
  private final GanetiTags tags;
  private volatile Cluster last;
  private volatile Optional<RapiAnswers> lastAnswers = Optional.empty();

  public GanetiBackend(RapiClient rapi) {
    this.rapi = rapi;
    this.jobs = new GanetiJobs(rapi);
    this.tags = new GanetiTags(rapi);
  }

  @Override
  public Cluster snapshot() {
    RapiAnswers answers = RapiAnswers.read(rapi::get);
    Object info = answers.info();
    List<String> tags =
        info instanceof Map<?, ?> m && m.get("tags") instanceof List<?> l
            ? l.stream().map(String::valueOf).toList()
            : List.of();
    Cluster c = reader.read(info, answers.groups(), answers.nodes(), answers.instances(), tags);
    last = c;
    lastAnswers = Optional.of(answers);
    return c;
  }

  /**
   * The last snapshot's answers read as {@code hroller -m} reads them ({@link HtoolsRapiLoader}).
   */
  @Override
  public Optional<Cluster> htoolsReading(long staticKvmNodeMemory) {
    return lastAnswers.map(a -> new HtoolsRapiLoader().load(a, staticKvmNodeMemory));
  }

  @Override
  public String master() {
    Object info = rapi.get("/2/info");
    if (info instanceof Map<?, ?> m && m.get("master") instanceof String master) {
      return master;
    }
    throw new BackendException("RAPI /2/info names no master");
  }

  /** {@code job} submitted, its requests made for the last snapshot (one taken if none was). */
  @Override
  public String submit(JobSpec job) {
    Cluster cluster = last == null ? snapshot() : last;
    return jobs.submit(job, cluster);
  }

  @Override
  public JobState job(String id) {
    return jobs.job(id);
  }

  @Override
  public List<String> findJobs(String text) {
    return jobs.find(text);
  }

  @Override
  public List<JobTrace> jobTraces() {
    return jobs.traces();
  }

  /** The jobs of Ganeti's queue, read with {@code /2/jobs?bulk=1} ({@link GanetiHistory}). */
  @Override
  public List<PastOperation> pastOperations(Cluster snapshot) {
    return jobs.past(snapshot);
  }

  /** An operation Ganeti's RAPI has no request for ({@link OperationCalls#refusal}). */
  @Override
  public Optional<String> refusal(Operation op, Cluster cluster) {
    return OperationCalls.call(op, cluster).isPresent()
        ? Optional.empty()
        : Optional.of(OperationCalls.refusal(op));
  }

  @Override
  public void addTags(TaggedObject object, List<String> tags) {
    this.tags.add(object, tags);
  }

  @Override
  public void removeTags(TaggedObject object, List<String> tags) {
    this.tags.remove(object, tags);
  }

  /** {@code disks_active} of every instance, from RAPI's instance query. */
  @Override
  public DiskStatus disks(Cluster snapshot) {
    return InstanceCalls.disks(rapi.get(InstanceCalls.QUERY));
  }
}
