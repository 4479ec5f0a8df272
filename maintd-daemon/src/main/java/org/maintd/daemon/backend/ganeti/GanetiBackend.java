package org.maintd.daemon.backend.ganeti;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate.Mobility;
import org.maintd.cluster.Instance;
import org.maintd.cluster.TaggedObject;
import org.maintd.health.DiskStatus;
import org.maintd.job.JobIds;
import org.maintd.job.JobSpec;
import org.maintd.job.JobState;
import org.maintd.job.JobStatus;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;
import org.maintd.rapi.HtoolsRapiLoader;
import org.maintd.rapi.RapiAnswers;
import org.maintd.rapi.RapiClusterReader;
import org.maintd.spi.BackendException;
import org.maintd.spi.ClusterBackend;
import org.maintd.spi.JobTrace;

/**
 * A Ganeti 3.0 cluster through RAPI. A maintd job of several operations becomes one Ganeti job per
 * operation, each but the first depending on the success of the one before, so that they run in
 * order and stop at the first failure; its id joins theirs with {@code +} ({@link JobIds}). Every
 * request carries the reason trail in {@code ?reason=} ({@code gnt:daemon:maintd}, the owner and
 * the idempotency key), by which {@link #findJobs} finds jobs again. What RAPI cannot do (copying
 * an instance's disks, failing the master role over) is refused at once as a failed job with the
 * reason. Thread-safe.
 */
public final class GanetiBackend implements ClusterBackend {
  /** Prefix of the id of a job refused before reaching Ganeti. */
  static final String REFUSED = "refused:";

  private final RapiClient rapi;
  private final RapiClusterReader reader = new RapiClusterReader();
  private final Map<String, String> refused = new java.util.concurrent.ConcurrentHashMap<>();
  private volatile Cluster last;
  private volatile Optional<RapiAnswers> lastAnswers = Optional.empty();

  public GanetiBackend(RapiClient rapi) {
    this.rapi = rapi;
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

  @Override
  public String submit(JobSpec job) {
    Cluster cluster = last == null ? snapshot() : last;
    List<Call> calls = new ArrayList<>();
    for (Operation op : job.operations()) {
      Call call = call(op, cluster);
      if (call == null) {
        String id = REFUSED + job.key();
        refused.put(
            id,
            op.kind()
                + " of "
                + String.join(",", op.instances().isEmpty() ? op.nodes() : op.instances())
                + " cannot be done through Ganeti's RAPI"
                + refusalReason(op));
        return id;
      }
      calls.add(call);
    }
    String reason = ReasonTrail.SOURCE + " " + job.owner() + ": " + job.reason().text();
    List<String> ids = new ArrayList<>();
    for (Call c : calls) {
      Map<String, Object> body = new LinkedHashMap<>(c.body());
      if (!ids.isEmpty()) {
        body.put(
            "depends",
            List.of(List.of(Long.parseLong(ids.get(ids.size() - 1)), List.of("success"))));
      }
      Object answer = rapi.change(c.method(), c.path(), Map.of("reason", reason), body);
      ids.add(String.valueOf(answer));
    }
    return JobIds.of(ids);
  }

  private static String refusalReason(Operation op) {
    if (op instanceof Operation.Move) {
      return " (Ganeti's RAPI cannot copy an instance's disks to another node: move it with gnt-instance move, or remove it)";
    }
    if (op instanceof Operation.FailoverMaster f) {
      return " (run gnt-cluster master-failover on " + f.to() + ")";
    }
    return "";
  }

  /** The RAPI request of one operation, or null when RAPI has none. */
  static Call call(Operation op, Cluster cluster) {
    if (op instanceof Operation.SetNodeFlags f) {
      Map<String, Object> body = new LinkedHashMap<>();
      f.drained().ifPresent(v -> body.put("drained", v));
      f.offline().ifPresent(v -> body.put("offline", v));
      return new Call("POST", "/2/nodes/" + enc(f.node()) + "/modify", body);
    }
    if (op instanceof Operation.Migrate m) {
      return new Call(
          "PUT",
          "/2/instances/" + enc(m.instance()) + "/migrate",
          target(cluster, m.instance(), m.target(), Map.of("mode", "live")));
    }
    if (op instanceof Operation.Failover f) {
      return new Call(
          "PUT",
          "/2/instances/" + enc(f.instance()) + "/failover",
          target(cluster, f.instance(), f.target(), Map.of()));
    }
    if (op instanceof Operation.ReplaceSecondary r) {
      return new Call(
          "POST",
          "/2/instances/" + enc(r.instance()) + "/replace-disks",
          Map.of("mode", "replace_new_secondary", "remote_node", r.newSecondary()));
    }
    if (op instanceof Operation.RecreateDisks r) {
      return new Call(
          "POST",
          "/2/instances/" + enc(r.instance()) + "/recreate-disks",
          Map.of("nodes", r.targets()));
    }
    if (op instanceof Operation.Reinstall r) {
      return new Call(
          "POST", "/2/instances/" + enc(r.instance()) + "/reinstall", Map.of("start", true));
    }
    if (op instanceof Operation.RebootNode r) {
      return new Call("POST", "/2/nodes/" + enc(r.node()) + "/powercycle", Map.of());
    }
    return InstanceCalls.call(op);
  }

  /**
   * Migrations and failovers name their target, except for DRBD, whose target is its secondary and
   * which Ganeti refuses to be given one.
   */
  private static Map<String, Object> target(
      Cluster cluster, String instance, String target, Map<String, Object> base) {
    Map<String, Object> body = new LinkedHashMap<>(base);
    boolean drbd =
        cluster
            .instance(instance)
            .map(Instance::diskTemplate)
            .map(t -> t.mobility() == Mobility.INTERNALLY_MIRRORED)
            .orElse(false);
    if (!drbd) {
      body.put("target_node", target);
    }
    return body;
  }

  @Override
  public JobState job(String id) {
    if (id.startsWith(REFUSED)) {
      String why = refused.get(id);
      return new JobState(
          id, JobStatus.ERROR, why == null ? "refused before reaching Ganeti" : why);
    }
    JobStatus status = JobStatus.SUCCESS;
    String message = "";
    for (String part : JobIds.each(id)) {
      GanetiJob j = GanetiJob.of(rapi, part);
      if (j.status() == JobStatus.ERROR
          || j.status() == JobStatus.CANCELED
          || j.status() == JobStatus.UNKNOWN) {
        return new JobState(
            id,
            j.status(),
            "Ganeti job " + part + " " + j.status().wireName() + ": " + j.message());
      }
      if (!j.status().isFinished()) {
        status = j.status();
      }
    }
    return new JobState(id, status, message);
  }

  @Override
  public List<String> findJobs(String text) {
    Object jobs = rapi.get("/2/jobs?bulk=1");
    if (!(jobs instanceof List<?> list)) {
      throw new BackendException("RAPI /2/jobs?bulk=1 did not answer a list");
    }
    List<Long> found = new ArrayList<>();
    for (Object o : list) {
      if (o instanceof Map<?, ?> job && GanetiJob.reasonContains(job, text)) {
        found.add(((Number) job.get("id")).longValue());
      }
    }
    found.sort(null);
    return found.isEmpty()
        ? List.of()
        : List.of(JobIds.of(found.stream().map(String::valueOf).toList()));
  }

  @Override
  public List<JobTrace> jobTraces() {
    if (!(rapi.get("/2/jobs?bulk=1") instanceof List<?> list)) {
      throw new BackendException("RAPI /2/jobs?bulk=1 did not answer a list");
    }
    List<JobTrace> traces = new ArrayList<>();
    for (Object o : list) {
      if (o instanceof Map<?, ?> job) {
        GanetiJob.reason(job, ReasonTrail.SOURCE)
            .ifPresent(
                text ->
                    traces.add(
                        new JobTrace(
                            String.valueOf(job.get("id")),
                            text,
                            GanetiJob.status(String.valueOf(job.get("status"))))));
      }
    }
    return traces;
  }

  @Override
  public void addTags(TaggedObject object, List<String> tags) {
    tagJob("PUT", object, tags);
  }

  @Override
  public void removeTags(TaggedObject object, List<String> tags) {
    tagJob("DELETE", object, tags);
  }

  /** Tags are jobs in Ganeti: submitted, then waited for, so that the next snapshot shows them. */
  private void tagJob(String method, TaggedObject object, List<String> tags) {
    StringBuilder path =
        new StringBuilder(
            switch (object.kind()) {
              case CLUSTER -> "/2/tags";
              case GROUP -> "/2/groups/" + enc(object.name()) + "/tags";
              case NODE -> "/2/nodes/" + enc(object.name()) + "/tags";
              case INSTANCE -> "/2/instances/" + enc(object.name()) + "/tags";
            });
    char sep = '?';
    for (String t : tags) {
      path.append(sep).append("tag=").append(enc(t));
      sep = '&';
    }
    String id =
        String.valueOf(
            rapi.change(
                method, path.toString(), Map.of("reason", ReasonTrail.SOURCE + " tags"), null));
    GanetiJob done = GanetiJob.await(rapi, id);
    if (done.status() != JobStatus.SUCCESS) {
      throw new BackendException(
          (method.equals("PUT") ? "adding" : "removing")
              + " tags "
              + tags
              + " on "
              + object
              + ": Ganeti job "
              + id
              + " "
              + done.status().wireName()
              + ": "
              + done.message());
    }
  }

  /** {@code disks_active} of every instance, from RAPI's instance query. */
  @Override
  public DiskStatus disks(Cluster snapshot) {
    return InstanceCalls.disks(rapi.get(InstanceCalls.QUERY));
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  /** One RAPI request: method, path, JSON body. */
  record Call(String method, String path, Map<String, Object> body) {}
}
