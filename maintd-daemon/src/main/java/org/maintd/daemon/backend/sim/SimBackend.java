package org.maintd.daemon.backend.sim;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Instance;
import org.maintd.cluster.TaggedObject;
import org.maintd.daemon.files.AtomicFiles;
import org.maintd.job.JobSpec;
import org.maintd.job.JobState;
import org.maintd.job.JobStatus;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;
import org.maintd.protocol.state.Mappers;
import org.maintd.spi.BackendException;
import org.maintd.spi.ClusterBackend;
import org.maintd.spi.JobTrace;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A simulated cluster. Jobs run in simulated time: each ends {@link SimSettings#perOperation()} per
 * operation (plus copy time) after submission, and its operations change the cluster when it ends,
 * in the order jobs end, refusing what Ganeti would refuse. Failures can be injected. All of it
 * (cluster, every job ever received, rules) is persisted to one file after every change, so the
 * simulation survives restarts. A reboot powers its node off until its boot time has passed (its
 * collector does not answer meanwhile) and it comes back with a new boot id; a master fail-over
 * rewrites the file the simulated nodes read as their master. Thread-safe: every method is
 * synchronized.
 */
public final class SimBackend implements ClusterBackend {
  private static final Logger log = LoggerFactory.getLogger(SimBackend.class);

  /** When a node that does not come back by itself comes back. */
  public static final Instant NEVER = Instant.parse("9999-12-31T00:00:00Z");

  private final Path file;
  private final SimSettings settings;
  private final Clock clock;
  private final SimOperations operations = new SimOperations();
  private final boolean shared;
  private SimState state;

  public SimBackend(Path file, Cluster initial, SimSettings settings, Clock clock) {
    this(file, initial, settings, clock, false);
  }

  /**
   * A simulated cluster kept in {@code file}; {@code shared} when several daemons (standbys, in
   * this process or others) use the same one: every call then reads the file again under a lock.
   */
  public SimBackend(Path file, Cluster initial, SimSettings settings, Clock clock, boolean shared) {
    this.file = file;
    this.settings = settings;
    this.clock = clock;
    this.shared = shared;
    this.state = new SimState(initial, List.of(), List.of(), 0, Map.of());
    shared(
        () -> {
          if (Files.exists(file)) {
            state = read(file);
          }
          persist();
          return null;
        });
    state
        .cluster()
        .nodes()
        .forEach(
            n -> {
              if (!Files.exists(bootIdFile(n.name()))) {
                writeBootId(n.name());
              }
            });
    if (settings.masterFile() != null) {
      state.cluster().master().ifPresent(m -> writeMasterFile(m.name()));
    }
  }

  /**
   * The persisted form of the simulation: the cluster, every job received, the injected failures,
   * and the nodes powered off with when each comes back ({@link #NEVER}: not by itself).
   */
  public record SimState(
      Cluster cluster,
      List<SimJob> jobs,
      List<FailRule> rules,
      long lastId,
      Map<String, Instant> off) {
    public SimState {
      off = off == null ? Map.of() : Map.copyOf(off);
    }

    SimState with(Cluster c, List<SimJob> j, List<FailRule> r, long id) {
      return new SimState(c, j, r, id, off);
    }
  }

  /**
   * Runs {@code call} on the state as stored: when shared, under the file's lock and after reading
   * it again, since another daemon may have changed it.
   */
  private <T> T shared(java.util.function.Supplier<T> call) {
    if (!shared) {
      return call.get();
    }
    return SharedFileLock.with(
        file,
        () -> {
          if (Files.exists(file)) {
            state = read(file);
          }
          return call.get();
        });
  }

  private static SimState read(Path file) {
    try {
      return Mappers.RECORDS.readValue(Files.readString(file), SimState.class);
    } catch (IOException e) {
      throw new BackendException(
          "simulated cluster state " + file + " is unreadable: " + e.getMessage(), e);
    }
  }

  private void persist() {
    try {
      AtomicFiles.write(file, Mappers.RECORDS.writeValueAsBytes(state));
    } catch (IOException e) {
      throw new BackendException(
          "cannot write simulated cluster state " + file + ": " + e.getMessage(), e);
    }
  }

  @Override
  public synchronized Cluster snapshot() {
    return shared(
        () -> {
          advance();
          return state.cluster();
        });
  }

  @Override
  public synchronized String submit(JobSpec job) {
    return shared(
        () -> {
          advance();
          for (Operation op : job.operations()) {
            if (op instanceof Operation.RunRepair) {
              throw new BackendException(
                  "job " + job.key() + ": repair commands run through collectors, not the cluster");
            }
          }
          String id = Long.toString(state.lastId() + 1);
          Instant now = clock.instant();
          SimJob sim = new SimJob(id, job, now, now.plus(duration(job)), JobStatus.RUNNING, "");
          List<SimJob> jobs = new ArrayList<>(state.jobs());
          jobs.add(sim);
          state = state.with(state.cluster(), jobs, state.rules(), state.lastId() + 1);
          persist();
          log.debug("[job={}] received: {}", id, job.reason().text());
          return id;
        });
  }

  private Duration duration(JobSpec job) {
    Duration total = Duration.ZERO;
    for (Operation op : job.operations()) {
      total = total.plus(settings.perOperation());
      long copied = copiedMiB(op);
      total = total.plus(Duration.ofMillis(settings.perGiB().toMillis() * copied / 1024));
    }
    return total;
  }

  private long copiedMiB(Operation op) {
    String name =
        op instanceof Operation.Move m
            ? m.instance()
            : op instanceof Operation.ReplaceSecondary r ? r.instance() : null;
    return name == null ? 0 : state.cluster().instance(name).map(Instance::disk).orElse(0L);
  }

  @Override
  public synchronized JobState job(String id) {
    return shared(
        () -> {
          advance();
          return state.jobs().stream()
              .filter(j -> j.id().equals(id))
              .findFirst()
              .map(j -> new JobState(id, j.status(), j.message()))
              .orElse(
                  new JobState(
                      id, JobStatus.UNKNOWN, "no job " + id + " in the simulated cluster"));
        });
  }

  @Override
  public synchronized List<String> findJobs(String text) {
    return shared(
        () -> {
          return state.jobs().stream()
              .filter(j -> j.spec().reason().text().contains(text))
              .map(SimJob::id)
              .toList();
        });
  }

  @Override
  public synchronized List<JobTrace> jobTraces() {
    return shared(
        () -> {
          advance();
          return state.jobs().stream()
              .filter(j -> j.spec().reason().source().equals(ReasonTrail.SOURCE))
              .map(j -> new JobTrace(j.id(), j.spec().reason().text(), j.status()))
              .toList();
        });
  }

  @Override
  public synchronized void addTags(TaggedObject object, List<String> tags) {
    shared(
        () -> {
          changeTags(object, tags, List.of());
          return null;
        });
  }

  @Override
  public synchronized void removeTags(TaggedObject object, List<String> tags) {
    shared(
        () -> {
          changeTags(object, List.of(), tags);
          return null;
        });
  }

  private void changeTags(TaggedObject object, List<String> add, List<String> remove) {
    if (state.cluster().tagsOf(object).isEmpty()) {
      throw new BackendException("no " + object + " in the simulated cluster");
    }
    state =
        state.with(
            state.cluster().withTagsChanged(object, add, remove),
            state.jobs(),
            state.rules(),
            state.lastId());
    persist();
  }

  @Override
  public synchronized String master() {
    return shared(
        () -> {
          advance();
          return state
              .cluster()
              .master()
              .map(n -> n.name())
              .orElseThrow(
                  () -> new BackendException("the simulated cluster has no single master node"));
        });
  }

  /** Every job the simulated cluster ever received, oldest first. */
  public synchronized List<SimJob> jobs() {
    return shared(
        () -> {
          advance();
          return state.jobs();
        });
  }

  public synchronized void inject(FailRule rule) {
    shared(
        () -> {
          List<FailRule> rules = new ArrayList<>(state.rules());
          rules.add(rule);
          state = state.with(state.cluster(), state.jobs(), rules, state.lastId());
          persist();
          return null;
        });
  }

  public SimSettings settings() {
    return settings;
  }

  /**
   * Finishes every job whose end has come, in the order they end; powers on nodes whose boot is
   * over.
   */
  private void advance() {
    Instant now = clock.instant();
    List<SimJob> due =
        state.jobs().stream()
            .filter(j -> j.status() == JobStatus.RUNNING && !j.ends().isAfter(now))
            .sorted((a, b) -> a.ends().compareTo(b.ends()))
            .toList();
    List<String> booted =
        state.off().entrySet().stream()
            .filter(e -> !e.getValue().isAfter(now))
            .map(Map.Entry::getKey)
            .toList();
    if (due.isEmpty() && booted.isEmpty()) {
      return;
    }
    due.forEach(this::finish);
    if (!booted.isEmpty()) {
      Map<String, Instant> off = new HashMap<>(state.off());
      booted.forEach(
          n -> {
            off.remove(n);
            writeBootId(n);
            log.info("[node={}] powered on after its reboot", n);
          });
      state = new SimState(state.cluster(), state.jobs(), state.rules(), state.lastId(), off);
    }
    persist();
  }

  private void finish(SimJob job) {
    Cluster cluster = state.cluster();
    List<FailRule> rules = new ArrayList<>(state.rules());
    Map<String, Instant> off = new HashMap<>(state.off());
    SimJob result = job.finished(JobStatus.SUCCESS, "");
    for (Operation op : job.spec().operations()) {
      try {
        failIfInjected(rules, op);
        cluster = operations.apply(cluster, op);
        if (op instanceof Operation.RebootNode r) {
          if (off.containsKey(r.node())) {
            throw new SimFailure("Node " + r.node() + " is powered off");
          }
          boolean staysDown = staysDown(rules, r.node());
          off.put(r.node(), staysDown ? NEVER : job.ends().plus(settings.bootTime()));
          log.info(
              "[node={}] powered off for its reboot{}",
              r.node(),
              staysDown ? "; it will not come back (injected)" : "");
        }
        if (op instanceof Operation.FailoverMaster m && settings.masterFile() != null) {
          writeMasterFile(m.to());
        }
      } catch (SimFailure e) {
        result = job.finished(JobStatus.ERROR, op.kind() + " failed: " + e.getMessage());
        break;
      }
    }
    List<SimJob> jobs = new ArrayList<>(state.jobs());
    jobs.set(jobs.indexOf(job), result);
    state = new SimState(cluster, jobs, rules, state.lastId(), off);
    log.info(
        "[job={}] {}{}",
        job.id(),
        result.status().wireName(),
        result.message().isEmpty() ? "" : ": " + result.message());
  }

  /**
   * Whether an injected {@code boot} failure keeps {@code node} off after its reboot (used once).
   */
  private static boolean staysDown(List<FailRule> rules, String node) {
    for (int i = 0; i < rules.size(); i++) {
      FailRule rule = rules.get(i);
      if (rule.op().equals("boot") && (rule.node().isEmpty() || rule.node().equals(node))) {
        if (rule.times() <= 1) {
          rules.remove(i);
        } else {
          rules.set(i, rule.used());
        }
        return true;
      }
    }
    return false;
  }

  /** Nodes powered off right now: their collectors do not answer. */
  public synchronized java.util.Set<String> poweredOff() {
    return shared(
        () -> {
          advance();
          return state.off().keySet();
        });
  }

  /** Powers a node on now (an operator pressing the button), with a new boot id. */
  public synchronized void powerOn(String node) {
    shared(
        () -> {
          if (!state.off().containsKey(node)) {
            throw new BackendException("node " + node + " is not powered off");
          }
          Map<String, Instant> off = new HashMap<>(state.off());
          off.put(node, clock.instant());
          state = new SimState(state.cluster(), state.jobs(), state.rules(), state.lastId(), off);
          advance();
          return null;
        });
  }

  private Path bootIdFile(String node) {
    return settings.diagnoseDir().resolve(node + ".boot_id");
  }

  private void writeBootId(String node) {
    try {
      Files.createDirectories(settings.diagnoseDir());
      AtomicFiles.write(
          bootIdFile(node), (UUID.randomUUID() + "\n").getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new BackendException(
          "cannot write the boot id of simulated node " + node + ": " + e.getMessage(), e);
    }
  }

  private void writeMasterFile(String node) {
    try {
      AtomicFiles.write(settings.masterFile(), (node + "\n").getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new BackendException(
          "cannot write the simulated master file " + settings.masterFile() + ": " + e.getMessage(),
          e);
    }
  }

  private static void failIfInjected(List<FailRule> rules, Operation op) {
    for (int i = 0; i < rules.size(); i++) {
      FailRule rule = rules.get(i);
      if (rule.matches(op)) {
        if (rule.times() <= 1) {
          rules.remove(i);
        } else {
          rules.set(i, rule.used());
        }
        throw new SimFailure("injected failure of " + op.kind());
      }
    }
  }
}
