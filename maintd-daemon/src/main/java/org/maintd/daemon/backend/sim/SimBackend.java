package org.maintd.daemon.backend.sim;

import static org.maintd.job.JobStatus.RUNNING;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.TaggedObject;
import org.maintd.health.DiskStatus;
import org.maintd.job.JobSpec;
import org.maintd.job.JobState;
import org.maintd.spi.BackendException;
import org.maintd.spi.ClusterBackend;
import org.maintd.spi.JobTrace;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A simulated cluster. Jobs run in simulated time: each ends {@link SimSettings#perOperation()} per
 * operation (plus copy time; in a rehearsal, as long as the cluster's history says) after
 * submission, and its operations change the cluster when it ends, in the order jobs end, refusing
 * what Ganeti would refuse. Failures can be injected. All of it (cluster, every job ever received,
 * rules) is persisted to one file after every change, so the simulation survives restarts. A reboot
 * powers its node off until its boot time has passed (its collector does not answer meanwhile) and
 * it comes back with a new boot id; a master fail-over rewrites the file the simulated nodes read
 * as their master. Jobs are taken and shown by {@link SimJobs}, time passes by {@link SimTime},
 * operations change the cluster by {@link SimOperations}. Thread-safe: every method is
 * synchronized.
 */
public final class SimBackend implements ClusterBackend {
  private static final Logger log = LoggerFactory.getLogger(SimBackend.class);

  /** When a node that does not come back by itself comes back. */
  public static final Instant NEVER = Instant.parse("9999-12-31T00:00:00Z");

  private final SimSettings settings;
  private final Clock clock;
  private final SimStore files;
  private final SimJobEnd ends;
  private final SimTime time;
  private SimState state;

  public SimBackend(Path file, Cluster initial, SimSettings settings, Clock clock) {
    this(file, initial, settings, clock, false);
  }

  /**
   * A simulated cluster kept in {@code file}; {@code shared} when several daemons (standbys, in
   * this process or others) use the same one: every call then takes a lock on the file and reads it
   * again when another has changed it.
   */
  public SimBackend(Path file, Cluster initial, SimSettings settings, Clock clock, boolean shared) {
    this(new SimFiles(file, settings, shared), initial, settings, JobPlay.of(settings), clock);
  }

  /**
   * A simulated cluster that starts from {@code initial} and lives in {@code memory} only, for one
   * rehearsal, its jobs played as {@code play} says: nothing of it is written anywhere.
   */
  public static SimBackend inMemory(
      SimMemory memory, Cluster initial, SimSettings settings, JobPlay play, Clock c) {
    return new SimBackend(memory, initial, settings, play, c);
  }

  private SimBackend(
      SimStore files, Cluster initial, SimSettings settings, JobPlay play, Clock clock) {
    this.settings = settings;
    this.clock = clock;
    this.files = files;
    this.ends = new SimJobEnd(settings, play, files);
    this.time = new SimTime(clock, ends, files);
    this.state = new SimState(initial, List.of(), List.of(), 0, Map.of(), java.util.Set.of());
    shared(
        () -> {
          if (files.stored()) {
            state = files.read();
          }
          persist();
          return null;
        });
    state.cluster().nodes().forEach(n -> files.ensureBootId(n.name()));
    state.cluster().master().ifPresent(m -> files.writeMaster(m.name()));
  }

  /** Runs {@code call} on the state as stored (read again first when another daemon changed it). */
  private <T> T shared(java.util.function.Supplier<T> call) {
    return files.shared(stored -> state = stored, call);
  }

  private void persist() {
    files.write(state);
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
          Instant now = clock.instant();
          state = SimJobs.received(state, job, now, ends.duration(job, state.cluster()));
          persist();
          return Long.toString(state.lastId());
        });
  }

  @Override
  public synchronized JobState job(String id) {
    return shared(
        () -> {
          advance();
          return SimJobs.stateOf(state, id);
        });
  }

  @Override
  public synchronized List<String> findJobs(String text) {
    return shared(() -> SimJobs.find(state, text));
  }

  @Override
  public synchronized List<JobTrace> jobTraces() {
    return shared(
        () -> {
          advance();
          return SimJobs.traces(state);
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

  /**
   * Takes {@code job} as running already under the number {@code id} (a job of the round under way
   * on the cluster a rehearsal copies), from now for its whole time.
   */
  public synchronized void runsAlready(String id, JobSpec job) {
    Instant now = clock.instant();
    List<SimJob> jobs = new ArrayList<>(state.jobs());
    jobs.add(new SimJob(id, job, now, now.plus(ends.duration(job, state.cluster())), RUNNING, ""));
    long number = id.matches("[0-9]{1,18}") ? Long.parseLong(id) : 0;
    state = state.with(state.cluster(), jobs, state.rules(), Math.max(number, state.lastId()));
  }

  /**
   * When the next thing happens by itself: a running job ends, or a rebooted node is back; empty
   * when nothing will.
   */
  public synchronized java.util.Optional<Instant> nextEvent() {
    return shared(
        () -> {
          advance();
          return java.util.stream.Stream.concat(
                  state.jobs().stream().filter(j -> j.status() == RUNNING).map(SimJob::ends),
                  state.off().values().stream().filter(t -> t.isBefore(NEVER)))
              .min(Instant::compareTo);
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

  /** Lets the simulated time pass ({@link SimTime}), and stores what it changed. */
  private void advance() {
    time.advance(state)
        .ifPresent(
            after -> {
              state = after;
              persist();
            });
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
          state = state.withOff(off, state.staleDisks());
          advance();
          return null;
        });
  }

  /**
   * The instances' disks as Ganeti's verify-disks would find them: those whose secondary rebooted
   * since their disks were last activated are offline.
   */
  @Override
  public synchronized DiskStatus disks(Cluster snapshot) {
    return shared(() -> new DiskStatus(Map.of(), state.staleDisks()));
  }

  /**
   * Changes the cluster now, as an operator does by hand outside maintd (an instance crashing, a
   * node's flags set with {@code gnt-node modify}): {@code change} gives the cluster after, or
   * throws {@link SimFailure} with the refusal; {@code what} is logged, already escaped.
   */
  public synchronized Cluster byHand(String what, UnaryOperator<Cluster> change) {
    return shared(
        () -> {
          Cluster c = change.apply(state.cluster());
          state = state.with(c, state.jobs(), state.rules(), state.lastId());
          persist();
          log.info("by hand: {}", what);
          return c;
        });
  }
}
