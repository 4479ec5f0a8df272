package org.maintd.daemon.simulation;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.function.Consumer;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.reboot.CyclePhase;
import org.maintd.reboot.NodeCycle;
import org.maintd.reboot.RebootAsk;
import org.maintd.reboot.RebootMode;
import org.maintd.reboot.RebootRequest;
import org.maintd.reboot.RequestEvent;
import org.maintd.reboot.RequestStatus;
import org.maintd.round.Command;
import org.maintd.spi.MaintdState;

/**
 * Reboot requests in a simulation, on a random stream of their own: clients ask for one-shot and
 * keyed reboots, soft and hard together, and release their keys in any order; the client {@code
 * gamma} never releases (the operator does, once it gives up waiting). It keeps its own record of
 * the keys the clients and the operator released, apart from what the daemon stores. The
 * invariants: a held node is never powered on while a key holds it (when a power-on is planned,
 * every keyed request of the node accepted before has been released, by its client's own record, or
 * has ended; when a node powers on, every keyed request of the cycle that powers it on has); a
 * request is done only once its node came back, after the request, from a power-off or reboot of
 * its own cycle's jobs; no cycle takes its node down twice, unless it decided the second time
 * before the first took effect (a hard request that came while the soft attempt had not). It counts
 * the requests seen done and held, to show the runs reach them.
 */
final class SimulatedReboots {
  private static final List<String> KEYS = List.of("alpha", "beta", "gamma");
  private static final String NEVER_RELEASES = "gamma";

  private final Random random;
  private final SimulatedCluster cluster;
  private final List<String> nodes;
  private final Set<String> doneChecked = new HashSet<>();
  private final Set<String> released = new HashSet<>();
  private final Map<String, Integer> downs = new HashMap<>();
  private final Map<String, Instant> lastDown = new HashMap<>();
  private int powerSeen;
  private int jobsSeen;
  private int done;
  private int held;

  SimulatedReboots(Random random, SimulatedCluster cluster, List<String> nodes) {
    this.random = random;
    this.cluster = cluster;
    this.nodes = nodes;
  }

  /** Whether this step brings a reboot request event too. */
  boolean due() {
    return random.nextInt(100) < 6;
  }

  /** One event: a request or a release; said in {@code note}. */
  Optional<Command> event(MaintdState s, Consumer<String> note) {
    List<RebootRequest> holding =
        s.reboots().requests().stream()
            .filter(r -> r.holds() && !r.hasKey(NEVER_RELEASES))
            .toList();
    if (!holding.isEmpty() && random.nextInt(5) < 2) {
      RebootRequest r = holding.get(random.nextInt(holding.size()));
      note.accept("client releases " + r.key().orElseThrow() + " on " + r.node());
      return Optional.of(release(s, r, "client"));
    }
    String node = nodes.get(random.nextInt(nodes.size()));
    RebootMode mode = random.nextInt(4) == 0 ? RebootMode.HARD : RebootMode.SOFT;
    Optional<String> key =
        random.nextBoolean() ? Optional.empty() : Optional.of(KEYS.get(random.nextInt(3)));
    boolean evacuate = random.nextInt(4) != 0;
    boolean force = random.nextInt(6) == 0;
    note.accept(
        "client asks for a "
            + mode.wireName()
            + " reboot of "
            + node
            + key.map(k -> " held by " + k).orElse(" once")
            + (evacuate ? "" : ", no evacuation")
            + (force ? ", forced" : ""));
    return Optional.of(
        new Command.RequestReboot(
            new RebootAsk(node, mode, key, "simulated", evacuate, force, "client")));
  }

  /**
   * The release of {@code r}'s key by {@code who}, noted in the clients' own record: the requests
   * of that node the key holds now.
   */
  private Command release(MaintdState s, RebootRequest r, String who) {
    String key = r.key().orElseThrow();
    s.reboots().activeOf(r.node()).stream()
        .filter(x -> x.holds() && x.hasKey(key))
        .forEach(x -> released.add(x.id()));
    return new Command.ReleaseReboot(r.node(), key, who);
  }

  /**
   * The clients that release do so; once the operator gives up ({@code all}), every key is released
   * and every request still waiting to take its node down is cancelled.
   */
  List<Command> tidyUp(MaintdState s, boolean all) {
    List<Command> out = new ArrayList<>();
    s.reboots().requests().stream()
        .filter(r -> r.holds() && (all || !r.hasKey(NEVER_RELEASES)))
        .forEach(r -> out.add(release(s, r, "client")));
    if (all) {
      s.reboots().requests().stream()
          .filter(
              r -> r.status() == RequestStatus.PENDING || r.status() == RequestStatus.EVACUATING)
          .forEach(r -> out.add(new Command.CancelReboot(r.node(), r.id(), "op")));
    }
    return out;
  }

  static boolean finished(MaintdState s) {
    return s.reboots().requests().stream().noneMatch(RebootRequest::active)
        && s.reboots().cycles().stream().allMatch(c -> c.phase() == CyclePhase.IDLE);
  }

  /** The first invariant {@code s} (the state last written) and the cluster break, if any. */
  Optional<String> check(MaintdState s) {
    if (s == null) {
      return Optional.empty();
    }
    List<JobSpec> jobs = cluster.submitted(jobsSeen);
    jobsSeen += jobs.size();
    for (JobSpec job : jobs) {
      Optional<String> broken = plannedPowerOn(s, job);
      if (broken.isPresent()) {
        return broken;
      }
    }
    List<SimulatedCluster.Power> changes = cluster.power(powerSeen);
    powerSeen += changes.size();
    for (SimulatedCluster.Power p : changes) {
      Optional<String> broken = p.on() ? poweredOn(s, p) : tookDown(p);
      if (broken.isPresent()) {
        return broken;
      }
    }
    return doneMeansRebooted(s);
  }

  /**
   * A power-on planned by {@code job}: every keyed request of its node accepted before it was
   * planned must have been released by its client, or have ended by then.
   */
  private Optional<String> plannedPowerOn(MaintdState s, JobSpec job) {
    Instant planned = Instant.ofEpochSecond(0, job.reason().timestampNanos());
    for (Operation op : job.operations()) {
      if (op instanceof Operation.PowerNode p && p.on()) {
        Optional<RebootRequest> holding =
            s.reboots().of(p.node()).stream()
                .filter(r -> r.key().isPresent() && r.pendingRebootSince().isBefore(planned))
                .filter(r -> holdsAt(r, planned))
                .findFirst();
        if (holding.isPresent()) {
          return Optional.of(
              "reboot: a power-on of "
                  + p.node()
                  + " was planned at "
                  + planned
                  + " by "
                  + job.owner()
                  + " while key "
                  + holding.get().key().orElseThrow()
                  + " of request "
                  + holding.get().id()
                  + " holds it");
        }
      }
    }
    return Optional.empty();
  }

  /**
   * A node came back on: every keyed request of the cycle that powered it on must have been
   * released by its client, or have ended by then.
   */
  private Optional<String> poweredOn(MaintdState s, SimulatedCluster.Power p) {
    Optional<String> cycle = NodeCycle.OWNERS.idOf(p.owner());
    if (cycle.isEmpty()) {
      return Optional.empty();
    }
    return s.reboots().of(p.node()).stream()
        .filter(r -> r.in(cycle.get()) && r.key().isPresent() && holdsAt(r, p.at()))
        .findFirst()
        .map(
            r ->
                "reboot: "
                    + p.node()
                    + " powered on at "
                    + p.at()
                    + " (by "
                    + p.owner()
                    + ") while key "
                    + r.key().orElseThrow()
                    + " holds it");
  }

  /** Whether {@code r}'s key still held its node at {@code at}: not released, not ended then. */
  private boolean holdsAt(RebootRequest r, Instant at) {
    if (released.contains(r.id())) {
      return false;
    }
    List<RequestEvent> history = r.history();
    return !r.status().ended() || history.get(history.size() - 1).at().isAfter(at);
  }

  /**
   * A second take-down by the same cycle: allowed only when the cycle decided it before the first
   * took effect (a hard request that came while the soft attempt had not).
   */
  private Optional<String> tookDown(SimulatedCluster.Power p) {
    if (NodeCycle.OWNERS.idOf(p.owner()).isEmpty()) {
      return Optional.empty();
    }
    int times = downs.merge(p.owner(), 1, Integer::sum);
    Instant before = lastDown.put(p.owner(), p.at());
    if (times == 1 || p.decided().isBefore(before)) {
      return Optional.empty();
    }
    return Optional.of(
        "reboot: "
            + p.owner()
            + " took "
            + p.node()
            + " down "
            + times
            + " times (the last decided at "
            + p.decided()
            + ", after it went down at "
            + before
            + ")");
  }

  private Optional<String> doneMeansRebooted(MaintdState s) {
    for (RebootRequest r : s.reboots().requests()) {
      if (r.status() == RequestStatus.HELD) {
        held++;
      }
      if (r.status() == RequestStatus.DONE && doneChecked.add(r.id())) {
        done++;
        String owner = NodeCycle.OWNERS.of(r.cycle().orElse(""));
        if (!cluster.backAfter(r.node(), r.pendingRebootSince(), owner)) {
          return Optional.of(
              "reboot: request "
                  + r.id()
                  + " is done, but "
                  + r.node()
                  + " did not come back from a power-off of "
                  + owner
                  + " after the request at "
                  + r.pendingRebootSince());
        }
      }
    }
    return Optional.empty();
  }

  int done() {
    return done;
  }

  int held() {
    return held;
  }
}
