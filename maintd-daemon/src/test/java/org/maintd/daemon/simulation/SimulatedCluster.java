package org.maintd.daemon.simulation;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Node;
import org.maintd.cluster.TaggedObject;
import org.maintd.daemon.backend.sim.SimFailure;
import org.maintd.daemon.backend.sim.SimOperations;
import org.maintd.job.JobSpec;
import org.maintd.job.JobState;
import org.maintd.job.JobStatus;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;
import org.maintd.spi.BackendException;
import org.maintd.spi.ClusterBackend;
import org.maintd.spi.JobTrace;

/**
 * The cluster of a simulation, in memory: jobs take a random time and then change the cluster as
 * Ganeti would ({@link SimOperations}); a rebooted node is off for a while and comes back with a
 * new boot id, and a hard reboot brings back even a node that stayed down after a soft one. Calls
 * fail when a fault is armed: a snapshot, a status, a look-up or a tag change that throws, a
 * submission refused, or one whose answer is lost after the job was created. Every job it accepts
 * goes into the {@link Ledger}. It remembers when each node came back from a reboot, and tells the
 * memory the jobs still running will take where they move instances. Single-threaded, like the
 * simulation.
 */
final class SimulatedCluster implements ClusterBackend {
  /** The faults a call can be made to have. */
  enum Fault {
    SNAPSHOT,
    SUBMIT_REFUSED,
    SUBMIT_LOST,
    JOB_STATUS,
    FIND,
    TAGS
  }

  private static final Instant NEVER = Instant.MAX;

  private final SimOperations operations = new SimOperations();
  private final Clock clock;
  private final Random random;
  private final Ledger ledger;
  private final Map<Fault, Integer> armed = new EnumMap<>(Fault.class);
  private final List<Job> jobs = new ArrayList<>();
  private final List<Job> running = new ArrayList<>();
  private final Map<String, List<String>> byKey = new java.util.HashMap<>();
  private final Map<String, Instant> off = new TreeMap<>();
  private final Map<String, Integer> boots = new TreeMap<>();
  private final Map<String, List<Instant>> backAt = new TreeMap<>();

  /** Who took each node down last (the owner of the job), and every node's comings back. */
  private final Map<String, String> downBy = new TreeMap<>();

  private final List<Power> power = new ArrayList<>();

  /** The nodes a power-off job keeps off until a power-on: no fault or operator powers them on. */
  private final java.util.Set<String> heldOff = new java.util.TreeSet<>();

  private Cluster cluster;
  private long overstated;
  private Duration longestJob = Duration.ofSeconds(20);
  private boolean nextRebootStaysDown;
  private boolean blind;

  private static final class Job {
    final String id;
    final JobSpec spec;
    final Instant ends;
    JobStatus status = JobStatus.RUNNING;
    String message = "";

    Job(String id, JobSpec spec, Instant ends) {
      this.id = id;
      this.spec = spec;
      this.ends = ends;
    }
  }

  private int tagChanges;

  /** Starts that will fail, by instance. */
  private final Map<String, Integer> failingStarts = new TreeMap<>();

  /** Instances whose disks need activating: their secondary came back from a reboot. */
  private final java.util.Set<String> staleDisks = new java.util.TreeSet<>();

  /**
   * A change of a node's power, in order: {@code on} false when a job took it down (a reboot or a
   * power-off), true when it came back; {@code owner} the owner of the job that took it down (or,
   * after a power-off, powered it on); {@code decided} when the daemon planned that job (its reason
   * trail's time).
   */
  record Power(
      String node, boolean on, Instant at, String owner, boolean byPowerOff, Instant decided) {}

  SimulatedCluster(Cluster cluster, Clock clock, Random random, Ledger ledger) {
    this.cluster = cluster;
    this.clock = clock;
    this.random = random;
    this.ledger = ledger;
  }

  @Override
  public Cluster snapshot() {
    fault(Fault.SNAPSHOT, "GET /2/nodes");
    advance();
    Cluster shown = hiddenTag.isEmpty() ? cluster : withoutTag(cluster, hiddenTag);
    if (overstated == 0) {
      return shown;
    }
    for (Node n : cluster.nodes()) {
      shown =
          shown.withNode(
              n.name(),
              x ->
                  x.withResources(
                      x.resources()
                          .withFree(
                              x.resources().memFree() + overstated, x.resources().diskFree())));
    }
    return shown;
  }

  @Override
  public String submit(JobSpec spec) {
    advance();
    fault(Fault.SUBMIT_REFUSED, "POST (refused)");
    Job job =
        new Job(
            Integer.toString(jobs.size() + 1),
            spec,
            clock.instant().plusMillis((long) (random.nextDouble() * longestJob.toMillis())));
    jobs.add(job);
    running.add(job);
    byKey.computeIfAbsent("[" + spec.key() + "]", k -> new ArrayList<>()).add(job.id);
    ledger.record("job", spec.key(), spec.owner(), placement(spec.owner()));
    fault(Fault.SUBMIT_LOST, "POST (the answer was lost; job " + job.id + " was created)");
    return job.id;
  }

  /** Where a balancing job's instance is now ({@code primary:secondary}); empty for other jobs. */
  private String placement(String owner) {
    if (!owner.startsWith("balance:")) {
      return "";
    }
    return now()
        .instance(owner.substring("balance:".length()))
        .map(i -> i.primary() + ":" + i.secondary())
        .orElse("");
  }

  @Override
  public JobState job(String id) {
    fault(Fault.JOB_STATUS, "GET /2/jobs/" + id);
    advance();
    int index = id.matches("[1-9][0-9]{0,8}") ? Integer.parseInt(id) - 1 : -1;
    if (index < 0 || index >= jobs.size()) {
      return new JobState(id, JobStatus.UNKNOWN, "no such job");
    }
    Job j = jobs.get(index);
    return new JobState(id, j.status, j.message);
  }

  @Override
  public List<String> findJobs(String text) {
    fault(Fault.FIND, "GET /2/jobs?bulk=1");
    if (blind) {
      return List.of();
    }
    if (byKey.containsKey(text)) {
      return List.copyOf(byKey.get(text));
    }
    return jobs.stream().filter(j -> j.spec.reason().text().contains(text)).map(j -> j.id).toList();
  }

  @Override
  public List<JobTrace> jobTraces() {
    return jobs.stream()
        .filter(j -> j.spec.reason().source().equals(ReasonTrail.SOURCE))
        .map(j -> new JobTrace(j.id, j.spec.reason().text(), j.status))
        .toList();
  }

  @Override
  public void addTags(TaggedObject object, List<String> tags) {
    changeTags(object, tags, List.of());
  }

  @Override
  public void removeTags(TaggedObject object, List<String> tags) {
    changeTags(object, List.of(), tags);
  }

  private void changeTags(TaggedObject object, List<String> add, List<String> remove) {
    tagChanges++;
    fault(Fault.TAGS, "PUT /2/.../tags");
    if (cluster.tagsOf(object).isEmpty()) {
      throw new BackendException("no " + object + " in the simulated cluster");
    }
    cluster = cluster.withTagsChanged(object, add, remove);
  }

  private String hiddenTag = "";

  /** From now on, the snapshots maintd reads show no instance with {@code tag}. */
  void hideInstanceTag(String tag) {
    hiddenTag = tag;
  }

  private static Cluster withoutTag(Cluster c, String tag) {
    Cluster out = c;
    for (org.maintd.cluster.Instance i : c.instances()) {
      if (i.tags().contains(tag)) {
        out = out.withTagsChanged(TaggedObject.instance(i.name()), List.of(), List.of(tag));
      }
    }
    return out;
  }

  /** Tags changed by an operator, not by maintd: no fault, not counted as maintd's change. */
  void tagByHand(TaggedObject object, List<String> add, List<String> remove) {
    cluster = cluster.withTagsChanged(object, add, remove);
  }

  @Override
  public String master() {
    return cluster.master().map(Node::name).orElseThrow(() -> new BackendException("no master"));
  }

  /**
   * The keys of the jobs still running now (their end is ahead), as the cluster knows them; read
   * without moving the cluster on.
   */
  List<String> runningKeys() {
    Instant now = clock.instant();
    return running.stream()
        .filter(j -> j.status == JobStatus.RUNNING && j.ends.isAfter(now))
        .map(j -> j.spec.key())
        .toList();
  }

  void arm(Fault fault, int times) {
    armed.merge(fault, times, Integer::sum);
  }

  /** From now on, looking jobs up by their reason trail finds nothing. */
  void blindLookups() {
    blind = true;
  }

  boolean lookupsBlind() {
    return blind;
  }

  /**
   * From now on, every snapshot shows each node with {@code mib} more free memory than it has (a
   * backend that misreads the nodes' memory).
   */
  void overstateFreeMemory(long mib) {
    overstated = mib;
  }

  /**
   * Whether {@code node} came back from a reboot (with a new boot id) after {@code instant}; read
   * without moving the cluster on.
   */
  boolean backAfter(String node, Instant instant) {
    return backAt.getOrDefault(node, List.of()).stream().anyMatch(t -> t.isAfter(instant));
  }

  /**
   * Whether {@code node} came back after {@code instant} from a power-off or reboot that a job of
   * {@code owner} made.
   */
  boolean backAfter(String node, Instant instant, String owner) {
    return power.stream()
        .anyMatch(
            p ->
                p.on()
                    && p.node().equals(node)
                    && p.owner().equals(owner)
                    && p.at().isAfter(instant));
  }

  /** The jobs submitted so far, in order, from {@code index} on (each once, as first submitted). */
  List<JobSpec> submitted(int index) {
    return jobs.subList(Math.min(index, jobs.size()), jobs.size()).stream()
        .map(j -> j.spec)
        .toList();
  }

  /** Every change of a node's power so far, from {@code index} on. */
  List<Power> power(int index) {
    return power.subList(Math.min(index, power.size()), power.size());
  }

  /**
   * The memory the jobs still running will take on each node they move a running instance to
   * (migrations, failovers, moves, disks recreated for a new primary), as if none of them had ended
   * yet and none had given memory back; read without moving the cluster on.
   */
  Map<String, Long> memoryInFlight() {
    Map<String, Long> in = new TreeMap<>();
    for (Job j : running) {
      for (Operation op : j.spec.operations()) {
        String instance;
        String target;
        if (op instanceof Operation.Migrate m) {
          instance = m.instance();
          target = m.target();
        } else if (op instanceof Operation.Failover f) {
          instance = f.instance();
          target = f.target();
        } else if (op instanceof Operation.Move m) {
          instance = m.instance();
          target = m.target();
        } else if (op instanceof Operation.RecreateDisks r && !r.targets().isEmpty()) {
          instance = r.instance();
          target = r.targets().get(0);
        } else {
          continue;
        }
        cluster
            .instance(instance)
            .filter(i -> i.status().isRunning())
            .ifPresent(i -> in.merge(target, i.memory(), Long::sum));
      }
    }
    return in;
  }

  void slowJobs(boolean slow) {
    longestJob = slow ? Duration.ofMinutes(5) : Duration.ofSeconds(20);
  }

  void nextRebootStaysDown() {
    nextRebootStaysDown = true;
  }

  /** Faults stop: nothing more fails, jobs are quick, nodes that stay down are powered on. */
  void heal() {
    armed.clear();
    slowJobs(false);
    nextRebootStaysDown = false;
    off.replaceAll((n, at) -> at.equals(NEVER) && !heldOff.contains(n) ? clock.instant() : at);
  }

  /** Powers on a node that stays down, as an operator at the console. */
  void powerOn(String node) {
    if (off.get(node) != null && off.get(node).equals(NEVER)) {
      off.put(node, clock.instant());
    }
  }

  boolean poweredOff(String node) {
    advance();
    return off.containsKey(node);
  }

  /** The nodes a power-off job keeps off until a power-on; read without moving the cluster on. */
  java.util.Set<String> heldOff() {
    return java.util.Set.copyOf(heldOff);
  }

  List<String> staysDown() {
    return off.entrySet().stream()
        .filter(e -> e.getValue().equals(NEVER) && !heldOff.contains(e.getKey()))
        .map(Map.Entry::getKey)
        .toList();
  }

  String bootId(String node) {
    return "boot-" + node + "-" + boots.getOrDefault(node, 0);
  }

  /** The cluster as it is, without a fault. */
  Cluster now() {
    advance();
    return cluster;
  }

  /** How many tag changes were asked for, done or refused. */
  int tagChanges() {
    return tagChanges;
  }

  int jobCount() {
    return jobs.size();
  }

  private void fault(Fault fault, String call) {
    Integer left = armed.get(fault);
    if (left == null) {
      return;
    }
    if (left <= 1) {
      armed.remove(fault);
    } else {
      armed.put(fault, left - 1);
    }
    throw new BackendException("simulated " + fault + " fault: " + call);
  }

  /**
   * Ends every job whose time has come, in the order they end; powers on nodes whose boot is over.
   */
  private void advance() {
    Instant now = clock.instant();
    List<Job> due =
        running.stream()
            .filter(j -> !j.ends.isAfter(now))
            .sorted(
                Comparator.comparing((Job j) -> j.ends).thenComparing(j -> Integer.parseInt(j.id)))
            .toList();
    if (!due.isEmpty()) {
      running.removeAll(due);
      due.forEach(this::finish);
    }
    List<String> back =
        off.entrySet().stream()
            .filter(e -> !e.getValue().isAfter(now))
            .map(Map.Entry::getKey)
            .toList();
    back.forEach(
        n -> {
          Instant at = off.remove(n);
          backAt.computeIfAbsent(n, k -> new ArrayList<>()).add(at);
          boots.merge(n, 1, Integer::sum);
          cluster.secondariesOf(n).stream()
              .filter(i -> i.diskTemplate() == org.maintd.cluster.DiskTemplate.DRBD)
              .filter(i -> i.status().adminUp())
              .forEach(i -> staleDisks.add(i.name()));
          power.add(new Power(n, true, at, downBy.getOrDefault(n, ""), false, at));
        });
  }

  /**
   * A power-off keeps its node off until a power-on (a soft one takes effect unless the node's
   * collector is faulty, drawn apart); a power-on boots it (or, armed, it stays down).
   */
  private void power(Operation.PowerNode p, Job job) {
    if (!p.on()) {
      boolean wasOn = !off.containsKey(p.node());
      off.put(p.node(), NEVER);
      heldOff.add(p.node());
      down(p.node(), wasOn, job, true);
    } else if (heldOff.remove(p.node())) {
      off.put(
          p.node(), nextRebootStaysDown ? NEVER : job.ends.plusSeconds(10 + random.nextInt(110)));
      nextRebootStaysDown = false;
      downBy.put(p.node(), job.spec.owner());
    }
  }

  private void down(String node, boolean wasOn, Job job, boolean byPowerOff) {
    downBy.put(node, job.spec.owner());
    if (wasOn) {
      power.add(
          new Power(
              node,
              false,
              job.ends,
              job.spec.owner(),
              byPowerOff,
              Instant.ofEpochSecond(0, job.spec.reason().timestampNanos())));
    }
  }

  private void finish(Job job) {
    Cluster next = cluster;
    for (Operation op : job.spec.operations()) {
      try {
        if (op instanceof Operation.StartInstance s
            && failingStarts.getOrDefault(s.instance(), 0) > 0) {
          failingStarts.merge(s.instance(), -1, Integer::sum);
          throw new SimFailure("Could not start instance " + s.instance() + " (injected)");
        }
        next = operations.apply(next, op);
        if (op instanceof Operation.ActivateDisks || op instanceof Operation.StartInstance) {
          staleDisks.removeAll(op.instances());
        }
        if (op instanceof Operation.RebootNode r) {
          if (off.containsKey(r.node()) && !r.hard()) {
            throw new SimFailure("Node " + r.node() + " is powered off");
          }
          boolean wasOn = !off.containsKey(r.node());
          off.put(
              r.node(),
              nextRebootStaysDown ? NEVER : job.ends.plusSeconds(10 + random.nextInt(110)));
          nextRebootStaysDown = false;
          heldOff.remove(r.node());
          down(r.node(), wasOn, job, false);
        }
        if (op instanceof Operation.PowerNode p) {
          power(p, job);
        }
      } catch (SimFailure e) {
        job.status = JobStatus.ERROR;
        job.message = op.kind() + " failed: " + e.getMessage();
        cluster = next;
        return;
      }
    }
    job.status = JobStatus.SUCCESS;
    cluster = next;
  }

  /** An instance crashes ({@code ERROR_down}) or is shut down from inside ({@code USER_down}). */
  void setStatus(String instance, org.maintd.cluster.InstanceStatus status) {
    cluster = org.maintd.daemon.backend.sim.SimDisks.withStatus(cluster, instance, status);
  }

  /** The next {@code times} starts of {@code instance} fail. */
  void failStarts(String instance, int times) {
    failingStarts.merge(instance, times, Integer::sum);
  }

  /** What verify-disks would report: the DRBD instances whose secondary came back since. */
  @Override
  public org.maintd.health.DiskStatus disks(Cluster snapshot) {
    return new org.maintd.health.DiskStatus(Map.of(), staleDisks);
  }

  /** The instances whose disks still need activating. */
  java.util.Set<String> staleDisks() {
    return java.util.Set.copyOf(staleDisks);
  }
}
