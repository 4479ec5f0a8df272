package org.maintd.daemon.simulation;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import org.maintd.balance.BalanceThreshold;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignMode;
import org.maintd.campaign.CampaignSpec;
import org.maintd.campaign.CampaignStatus;
import org.maintd.campaign.NodeProgress;
import org.maintd.campaign.NodeSelection;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Group;
import org.maintd.cluster.Node;
import org.maintd.daemon.repair.RepairJobs;
import org.maintd.daemon.runner.AlertSource;
import org.maintd.daemon.runner.CommandGateway;
import org.maintd.daemon.runner.CommandRefused;
import org.maintd.daemon.runner.Commands;
import org.maintd.daemon.runner.ConsentSource;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.daemon.runner.Gate;
import org.maintd.daemon.runner.JobRouter;
import org.maintd.daemon.runner.RoundRunner;
import org.maintd.daemon.runner.RunnerListener;
import org.maintd.daemon.runner.StateWriter;
import org.maintd.daemon.testing.FakeClock;
import org.maintd.incident.Incident;
import org.maintd.incident.IncidentStatus;
import org.maintd.machine.Machine;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.reboot.RebootRequest;
import org.maintd.round.Command;
import org.maintd.round.RoundStep;
import org.maintd.round.Settings;
import org.maintd.round.StepResult;
import org.maintd.safety.Allowance;
import org.maintd.safety.SafetyCaps;
import org.maintd.safety.StormGuard;
import org.maintd.spi.BackendException;
import org.maintd.spi.MaintdState;
import org.maintd.spi.StoreException;

/**
 * One seed's run of the whole daemon: the real {@link RoundStep} and the real {@link RoundRunner}
 * against a simulated cluster, simulated collectors that sign their reports, simulated repair
 * endpoints, an in-memory state file and a fake clock. Each step is one random event: a tick, a
 * diagnose report, a collector, backend, repair or store fault, an operator's command, a campaign,
 * a jump of the clock, a crash. The runner also crashes at its effect boundaries, and is then
 * started again from what was stored, as systemd would. After every step the invariants are
 * checked; after the last, faults stop, the operator tidies up (resumes, acknowledges, puts back
 * the nodes nothing holds any more) and, if something still waits after half the quiet ticks (for
 * room the cluster does not have), cancels and aborts it; every incident and campaign must then
 * reach its end. Same seed, same run. A {@link Mode} chooses the kind of cluster and caps; a {@link
 * Breakage} breaks something on purpose, to show that the invariants catch it.
 */
final class Simulation {
  static final int QUIET_TICKS = 400;
  private static final int TRACE = 60;

  /** The percentages {@link Mode#CAPS} draws its {@code maxUnavailable} from. */
  private static final int[] PERCENTS = {25, 34, 50, 50, 60, 67, 75};

  /** The kind of clusters and caps of a run. */
  enum Mode {
    /**
     * Small clusters with room to spare ({@link ClusterGenerator#generate}), a cap of one or two
     * nodes per group and per rack: the runs as they were before there were modes.
     */
    MIXED,
    /**
     * Clusters with little free memory ({@link ClusterGenerator#tight}): placements and evacuations
     * at the edge of capacity.
     */
    TIGHT,
    /**
     * Larger groups in small racks, some on power units ({@link ClusterGenerator#racked}), with
     * {@code maxUnavailable} mostly a percentage, so that the caps per group, rack and power unit
     * bind often.
     */
    CAPS;

    String wireName() {
      return name().toLowerCase(Locale.ROOT);
    }

    static Mode parse(String name) {
      for (Mode m : values()) {
        if (m.wireName().equals(name)) {
          return m;
        }
      }
      throw new IllegalArgumentException(
          "no mode '"
              + name
              + "' (one of "
              + String.join(", ", java.util.Arrays.stream(values()).map(Mode::wireName).toList())
              + ")");
    }
  }

  /** What a run breaks on purpose, to show that an invariant catches it. */
  enum Breakage {
    NONE,
    /** The cluster's job look-up never finds anything: a crash after a submission resubmits. */
    BLIND_LOOKUPS,
    /** Every snapshot shows each node with 4 GiB more free memory than it has. */
    OVERSTATED_MEMORY,
    /** The daemon is configured without the failure-domain prefixes the caps are checked with. */
    DAEMON_WITHOUT_FAILURE_DOMAINS,
    /**
     * Once a running campaign has finished its first group, an operator imports a state in which it
     * kept only the groups it finished (as if its first group were all of it).
     */
    CAMPAIGN_LOSES_GROUPS,
    /** The daemon never sees the instances' decline tags: it moves instances that declined. */
    DECLINES_UNSEEN,
    /**
     * The daemon's release of a key frees the node of every key: once any key holding a node is
     * released, the node is powered on although others hold it (the release of the key reaches the
     * daemon as a release of each key of its node; the clients released only the one).
     */
    RELEASE_FREES_THE_NODE
  }

  /** What the planner waited for, counted in steps: see {@link #countWaits}. */
  static final String WAITED_MEMORY = "memory";

  static final String WAITED_GROUP_CAP = "group cap";
  static final String WAITED_DOMAIN_CAP = "failure-domain cap";

  /** What a run gave: the violation (null when none) and the last events before it. */
  record Result(
      long seed,
      int steps,
      int ticks,
      int restarts,
      Map<String, Integer> crashes,
      int jobs,
      int writes,
      String violation,
      List<String> trace,
      long digest,
      Mode mode,
      Map<String, Integer> waited,
      Map<String, Integer> reached) {
    boolean ok() {
      return violation == null;
    }
  }

  /** An invariant that does not hold. */
  private static final class Violation extends RuntimeException {
    Violation(String message) {
      super(message, null, false, false);
    }
  }

  private final long seed;
  private final Mode mode;
  private final Breakage breakage;
  private final Random random;
  private final FakeClock clock = new FakeClock(Instant.parse("2026-01-05T08:00:00Z"));
  private final Ledger ledger = new Ledger();
  private final BackAndForth backAndForth = new BackAndForth();
  private final SimulatedCluster cluster;
  private final SimulatedCollectors collectors;
  private final SimulatedRepairs repairs;
  private final MemoryStore store = new MemoryStore();
  private final CrashSchedule crashes;
  private final Settings settings;
  private final HealthWatch health;

  /** The caps the invariants check: the daemon's, unless {@link Breakage} changed the daemon's. */
  private final SafetyCaps caps;

  private final RoundStep step;
  private final Duration roundDelay;
  private final List<String> nodes;
  private final Deque<String> trace = new ArrayDeque<>();
  private final Map<String, Long> canceledAt = new HashMap<>();
  private final boolean keepTrace;
  private final List<String> fullTrace = new ArrayList<>();
  private RoundRunner runner;
  private Commands commands;
  private int restarts;
  private int leaderChanges;
  private int outages;

  /**
   * Whether a store fault is an outage or one failed write: its own stream, not {@link #random}.
   */
  private final Random storeFaults;

  /** When something that is no maintd writes garbage over the state: a stream of its own. */
  private final Random storeGarbage;

  private int garbage;

  /** The maintenance schedule's events and its consent check: a stream of their own. */
  private final SimulatedMaintenance maintenance;

  /** The reboot requests' events and invariants: a stream of their own. */
  private final SimulatedReboots reboots;

  private int ticks;
  private int steps;
  private long digest = 17;
  private Cluster checkedCluster;
  private Set<String> checkedHeldOff = Set.of();
  private long checkedActions;

  /** Each campaign's nodes, all its groups, as first seen; by id. */
  private final Map<String, List<String>> campaignNodes = new HashMap<>();

  /** The campaigns seen completed, whose reboots were checked. */
  private final Set<String> completedChecked = new HashSet<>();

  /** The campaigns {@link Breakage#CAMPAIGN_LOSES_GROUPS} cut short. */
  private final Set<String> cut = new HashSet<>();

  private final Map<String, Integer> waited = new TreeMap<>();

  private Simulation(long seed, Mode mode, Breakage breakage, boolean keepTrace) {
    this.seed = seed;
    this.mode = mode;
    this.breakage = breakage;
    this.keepTrace = keepTrace;
    this.random = new Random(seed);
    this.storeFaults = new Random(seed * 41 + 11);
    this.storeGarbage = new Random(seed * 53 + 19);
    Random shape = new Random(seed ^ 0x5DEECE66DL);
    Cluster initial =
        switch (mode) {
          case MIXED -> ClusterGenerator.generate(shape);
          case TIGHT -> ClusterGenerator.tight(shape);
          case CAPS -> ClusterGenerator.racked(shape);
        };
    this.nodes = initial.nodes().stream().map(Node::name).toList();
    this.cluster = new SimulatedCluster(initial, clock, new Random(seed * 31 + 7), ledger);
    this.collectors =
        new SimulatedCollectors(
            cluster, new HmacKey("simulation key".getBytes(StandardCharsets.UTF_8)), clock);
    this.repairs = new SimulatedRepairs(cluster, ledger);
    this.maintenance = new SimulatedMaintenance(new Random(seed * 71 + 37), cluster, nodes);
    this.reboots = new SimulatedReboots(new Random(seed * 83 + 43), cluster, nodes);
    this.crashes =
        new CrashSchedule(new Random(seed * 17 + 3), 0.005 + random.nextDouble() * 0.045);
    // drawn in every mode, so that the rest of the stream is the same in every mode
    Allowance allowance = new Allowance(1 + random.nextInt(2), false);
    List<String> prefixes =
        initial.nodes().stream().anyMatch(n -> !n.tags().isEmpty()) ? List.of("rack:") : List.of();
    if (mode == Mode.CAPS) {
      // the mode's own stream, apart from the one the events are drawn from
      Random capsRandom = new Random(seed * 61 + 29);
      allowance =
          capsRandom.nextInt(5) == 0
              ? new Allowance(1 + capsRandom.nextInt(3), false)
              : new Allowance(PERCENTS[capsRandom.nextInt(PERCENTS.length)], true);
      prefixes =
          initial.nodes().stream()
                  .anyMatch(n -> n.tags().stream().anyMatch(t -> t.startsWith("pdu:")))
              ? List.of("rack:", "pdu:")
              : List.of("rack:");
    }
    this.caps = new SafetyCaps(allowance, prefixes);
    StormGuard storm = new StormGuard(30 + random.nextInt(50));
    boolean harep = random.nextBoolean();
    boolean balances = random.nextInt(3) == 0;
    // drawn apart, so that the seeds found before the hard fall-back existed run as then
    Duration hard = new Random(seed * 23 + 1).nextBoolean() ? Duration.ofMinutes(2) : Duration.ZERO;
    // instance health draws from its own stream, so that the seeds found before it run as then
    Random healthRandom = new Random(seed * 83 + 43);
    this.settings =
        Settings.defaults()
            .withCaps(
                breakage == Breakage.DAEMON_WITHOUT_FAILURE_DOMAINS
                    ? new SafetyCaps(allowance, List.of())
                    : caps)
            .withStorm(storm)
            .withHarep(harep)
            .withBalanceThreshold(BalanceThreshold.of(balances, 0.1))
            .withBalancing(org.maintd.balance.BalanceOptions.threshold(balances ? 0.1 : 0))
            .withHardRebootAfter(hard)
            .withInstanceHealth(
                healthRandom.nextBoolean()
                    ? org.maintd.health.HealthSettings.on()
                    : org.maintd.health.HealthSettings.off());
    this.health = new HealthWatch(settings.instanceHealth(), healthRandom, cluster);
    Random uuids = new Random(seed * 13 + 5);
    this.step = new RoundStep(settings, () -> uuid(uuids));
    this.roundDelay = Duration.ofSeconds(List.of(0, 0, 10, 60).get(random.nextInt(4)));
    if (breakage == Breakage.BLIND_LOOKUPS) {
      cluster.blindLookups();
    }
    if (breakage == Breakage.OVERSTATED_MEMORY) {
      cluster.overstateFreeMemory(4096);
    }
    if (breakage == Breakage.DECLINES_UNSEEN) {
      cluster.hideInstanceTag(SimulatedMaintenance.DECLINE);
    }
  }

  static Result run(long seed, int steps) {
    return run(seed, steps, Mode.MIXED);
  }

  static Result run(long seed, int steps, Mode mode) {
    return new Simulation(seed, mode, Breakage.NONE, false).go(steps);
  }

  /**
   * A run against a cluster whose job look-up never finds anything (a backend that lost its reason
   * trails): without the look-up, a crash after a submission submits the intent again. Shows that
   * the invariants catch it.
   */
  static Result runWithBlindLookups(long seed, int steps) {
    return runBroken(seed, steps, Mode.MIXED, Breakage.BLIND_LOOKUPS);
  }

  /** A run in which {@code breakage} breaks something, to show that an invariant catches it. */
  static Result runBroken(long seed, int steps, Mode mode, Breakage breakage) {
    return new Simulation(seed, mode, breakage, false).go(steps);
  }

  /** The run with every event, for replaying one seed. */
  static Result runTraced(long seed, int steps, List<String> into) {
    return runTraced(seed, steps, Mode.MIXED, into);
  }

  static Result runTraced(long seed, int steps, Mode mode, List<String> into) {
    Simulation s = new Simulation(seed, mode, Breakage.NONE, true);
    Result r = s.go(steps);
    into.addAll(s.fullTrace);
    return r;
  }

  private Result go(int count) {
    String violation = null;
    try {
      note(
          (mode == Mode.MIXED ? "" : "mode " + mode.wireName() + "; ")
              + "cluster: "
              + nodes.size()
              + " nodes, "
              + cluster.now().instances().size()
              + " instances; caps "
              + caps.maxUnavailable()
              + (mode == Mode.MIXED ? "" : " per group and per " + caps.failureDomainPrefixes())
              + "; harep "
              + settings.harep()
              + "; balance "
              + thresholdNote(settings.balanceThreshold())
              + "; round delay "
              + roundDelay.toSeconds()
              + " s; hard reboot after "
              + settings.hardRebootAfter().toSeconds()
              + " s"
              + (settings.instanceHealth().enabled() ? "; instance health on" : ""));
      start();
      check();
      for (steps = 0; steps < count; steps++) {
        if (storeGarbage.nextInt(300) == 0 && !store.unreadable()) {
          int length = 1 + storeGarbage.nextInt(6);
          garbage++;
          note(
              "STORE GARBAGE: something that is no maintd overwrites the state for "
                  + length
                  + " step(s)");
          store.garbage(length);
        }
        if (breakage == Breakage.CAMPAIGN_LOSES_GROUPS) {
          loseLaterGroups();
        }
        boolean unreachable = store.unreachable() || store.unreadable();
        int jobs = cluster.jobCount();
        int tags = cluster.tagChanges();
        event();
        if (unreachable && (store.unreachable() || store.unreadable())) {
          nothingChangedDuringTheOutage(jobs, tags);
        }
        if (unreachable) {
          store.stepPassed();
        }
        check();
      }
      quiet();
    } catch (Violation e) {
      violation = e.getMessage();
    } catch (RuntimeException e) {
      violation = "the runner threw " + e + " (the daemon would have FAILED)" + at(e);
    }
    digest = digest * 31 + (store.text() == null ? 0 : store.text().hashCode());
    return new Result(
        seed,
        steps,
        ticks,
        restarts,
        leaderChangesAndCrashes(),
        cluster.jobCount(),
        store.writes(),
        violation,
        List.copyOf(trace),
        digest,
        mode,
        Map.copyOf(waited),
        Map.of(
            "campaign-completed", completedChecked.size(),
            "incident-canceled", canceledAt.size(),
            "reboot-done", reboots.done(),
            "reboot-held", reboots.held()));
  }

  /** The crashes by point, and the leader changes as one more kind. */
  private Map<String, Integer> leaderChangesAndCrashes() {
    Map<String, Integer> all = new TreeMap<>(crashes.crashes());
    if (leaderChanges > 0) {
      all.put("leader-change", leaderChanges);
    }
    if (outages > 0) {
      all.put("store-outage", outages);
    }
    if (garbage > 0) {
      all.put("store-garbage", garbage);
    }
    return all;
  }

  // --- the daemon's life ---

  /**
   * Starts the daemon's runner from what is stored, as a new process would; a failed write is a
   * failed start.
   */
  private void start() {
    if (store.unreachable()) {
      note("the daemon waits until the store answers again");
      store.heal();
    }
    if (store.unreadable()) {
      note("the daemon waits, submitting nothing, until an operator imports a good state");
      store.heal();
    }
    for (int attempt = 0; ; attempt++) {
      try {
        collectors.restart();
        MemoryStore.Handle h = store.handle();
        StateWriter writer = new StateWriter(h, clock);
        h.takeOver();
        checkRestored(writer.stored());
        writer.write(writer.stored().withRoundDelay(roundDelay));
        writer.create();
        runner =
            new RoundRunner(
                new RoundRunner.Parts(
                    step,
                    cluster,
                    new JobRouter(cluster, new RepairJobs(repairs, Runnable::run)),
                    collectors,
                    writer,
                    crashes,
                    clock,
                    listener(),
                    gate(h),
                    ConsentSource.NONE,
                    AlertSource.none(),
                    org.maintd.daemon.runner.ClockSteps.none()));
        commands = new CommandGateway(runner, Runnable::run, Duration.ofSeconds(1));
        return;
      } catch (StoreException e) {
        note("start failed: " + e.getMessage());
        if (attempt > 10) {
          throw new Violation("the daemon cannot start: " + e.getMessage());
        }
      }
    }
  }

  /**
   * A daemon that acts only while its store answers (as the daemon's gate stops with ZooKeeper's
   * connection), and checks at every tick that no one else wrote the state (a new leader, garbage,
   * an import), as the daemon's gate does: then it changes nothing.
   */
  private Gate gate(MemoryStore.Handle h) {
    return new Gate() {
      @Override
      public boolean mayAct(Cluster cluster) {
        if (store.unreachable()) {
          return false;
        }
        h.fence();
        return true;
      }

      @Override
      public void beforeChange() {
        h.fence();
      }
    };
  }

  /**
   * While the store does not answer, or its state cannot be read, the daemon neither submits a job
   * nor changes a tag.
   */
  private void nothingChangedDuringTheOutage(int jobs, int tags) {
    if (cluster.jobCount() != jobs || cluster.tagChanges() != tags) {
      throw new Violation(
          "the cluster changed while the store did not answer: "
              + (cluster.jobCount() - jobs)
              + " job(s), "
              + (cluster.tagChanges() - tags)
              + " tag change(s)");
    }
  }

  /**
   * Leadership moves while the leader is frozen: a new daemon takes the store over and goes on; the
   * old one then wakes and ticks once more, and must change nothing in the cluster.
   */
  private void leaderChange() {
    leaderChanges++;
    RoundRunner old = runner;
    note("LEADER CHANGE: another daemon takes over while the leader is frozen");
    start();
    int jobs = cluster.jobCount();
    int tags = cluster.tagChanges();
    note("the old leader wakes and ticks");
    try {
      old.tick();
      note("  its tick changed nothing");
    } catch (StoreException e) {
      note("  fenced off: " + e.getMessage());
    } catch (BackendException | SimulatedCrash e) {
      note("  its tick ended: " + e.getMessage());
    }
    if (cluster.jobCount() != jobs || cluster.tagChanges() != tags) {
      throw new Violation(
          "a leader fenced off by a new one changed the cluster: "
              + (cluster.jobCount() - jobs)
              + " job(s), "
              + (cluster.tagChanges() - tags)
              + " tag change(s)");
    }
  }

  /** With a full trace, what each step logged goes into it too. */
  private RunnerListener listener() {
    return !keepTrace
        ? RunnerListener.none()
        : new RunnerListener() {
          @Override
          public void stepped(StepResult result, DaemonView published) {
            result.log().forEach(l -> fullTrace.add("      " + l.level() + " " + l.text()));
            result.effects().forEach(e -> fullTrace.add("      effect " + e));
          }
        };
  }

  private void restart(String why) {
    restarts++;
    note("RESTART after " + why);
    start();
  }

  private void tick() {
    ticks++;
    try {
      runner.tick();
    } catch (BackendException e) {
      note("  tick skipped: " + e.getMessage());
    } catch (SimulatedCrash | StoreException e) {
      restart(e.getMessage());
    }
  }

  private void command(Command c) {
    apply(c);
    if (breakage == Breakage.RELEASE_FREES_THE_NODE && c instanceof Command.ReleaseReboot r) {
      runner.view().state().reboots().activeOf(r.node()).stream()
          .filter(RebootRequest::holds)
          .map(x -> new Command.ReleaseReboot(r.node(), x.key().orElseThrow(), r.who()))
          .toList()
          .forEach(this::apply);
    }
  }

  private void apply(Command c) {
    backAndForth.disturbed();
    note("command " + c);
    try {
      Object answer = commands.apply(c);
      note("  answered " + answer.getClass().getSimpleName());
    } catch (CommandRefused e) {
      note("  refused (" + e.reason() + "): " + e.getMessage());
    } catch (BackendException e) {
      note("  failed: " + e.getMessage());
    } catch (SimulatedCrash | StoreException e) {
      restart(e.getMessage());
    }
  }

  /**
   * {@link Breakage#CAMPAIGN_LOSES_GROUPS}: once a running campaign has finished its first group,
   * an operator imports a state in which it kept only the groups it finished, and the daemon
   * restarts from it.
   */
  private void loseLaterGroups() {
    MaintdState saved = store.saved();
    if (saved == null || store.unreachable() || store.unreadable()) {
      return;
    }
    for (Campaign c : saved.campaigns()) {
      if (c.status() == CampaignStatus.RUNNING
          && c.current() >= 1
          && c.current() < c.groups().size()
          && cut.add(c.id())) {
        List<List<String>> kept = c.groups().subList(0, c.current());
        Set<String> keptNodes = new HashSet<>();
        kept.forEach(keptNodes::addAll);
        List<NodeProgress> progress =
            c.nodes().stream().filter(p -> keptNodes.contains(p.node())).toList();
        Campaign shortened =
            new Campaign(
                c.id(),
                c.spec(),
                c.status(),
                c.stopReason(),
                kept,
                c.current(),
                progress,
                c.homes(),
                c.history(),
                c.next(),
                c.ctime(),
                c.mtime());
        note(
            "an operator imports a state in which campaign "
                + c.id()
                + " kept only the "
                + kept.size()
                + " of its "
                + c.groups().size()
                + " groups it finished");
        store.importState(
            saved.withCampaigns(
                saved.campaigns().stream()
                    .map(x -> x.id().equals(c.id()) ? shortened : x)
                    .toList()));
        restart("the import");
        return;
      }
    }
  }

  // --- events ---

  private void event() {
    health.maybeEvent(this::note);
    if (maintenance.due()) {
      maintenance
          .event(runner.view().state(), clock.instant(), this::note)
          .ifPresent(this::command);
    }
    if (reboots.due()) {
      reboots.event(runner.view().state(), this::note).ifPresent(this::command);
    }
    int roll = random.nextInt(100);
    if (roll >= 27) {
      backAndForth.disturbed();
    }
    if (roll < 27) {
      clock.advance(Duration.ofSeconds(10 + random.nextInt(21)));
      note("tick");
      tick();
    } else if (roll < 41) {
      report();
    } else if (roll < 47) {
      String node = pick(nodes);
      SimulatedCollectors.Fault f =
          SimulatedCollectors.Fault.values()[
              random.nextInt(SimulatedCollectors.Fault.values().length)];
      note("collector of " + node + ": " + f);
      collectors.fault(node, f);
    } else if (roll < 55) {
      backendFault();
    } else if (roll < 58) {
      if (random.nextBoolean()) {
        note("repairs: the next request is lost");
        repairs.loseNextRequest();
      } else {
        note("repairs: the next answer is lost");
        repairs.loseNextAnswer();
      }
    } else if (roll < 59) {
      switch (random.nextInt(3)) {
        case 0 -> {
          if (storeFaults.nextBoolean()) {
            int length = 1 + storeFaults.nextInt(6);
            outages++;
            note("STORE OUTAGE: the store answers nothing for " + length + " step(s)");
            store.outage(length);
          } else {
            note("store: the next write fails");
            store.failNextWrite();
          }
        }
        case 1 -> restart("a kill between ticks");
        default -> leaderChange();
      }
    } else if (roll < 62) {
      report();
    } else if (roll < 81) {
      operator();
    } else if (roll < 87) {
      campaign();
    } else if (roll < 91) {
      Duration jump = Duration.ofMinutes(1 + random.nextInt(15));
      clock.advance(jump);
      note("clock +" + jump.toMinutes() + " min; tick");
      tick();
    } else if (roll < 95) {
      cluster
          .staysDown()
          .forEach(
              n -> {
                note("operator powers on " + n);
                cluster.powerOn(n);
              });
    } else {
      clock.advance(Duration.ofSeconds(1 + random.nextInt(5)));
      note("tick (soon after)");
      tick();
    }
  }

  private void report() {
    String node = pick(nodes);
    Map<String, Object> data =
        switch (random.nextInt(10)) {
          case 0, 1, 2 -> SimulatedCollectors.OK;
          case 3 -> Map.of("status", "evacuate", "details", Map.of("disk", "sdb"));
          case 4 -> Map.of("status", "evacuate-failover");
          case 5 -> Map.of("status", "live-repair", "command", "demo-fix");
          case 6 -> Map.of("status", "live-repair", "command", "demo-fail");
          case 7 -> Map.of("collector-error", "the diagnose script timed out");
          case 8 -> Map.of("status", "reboot-now");
          default ->
              Map.of(
                  "status",
                  "live-repair",
                  "command",
                  "demo-fix",
                  "details",
                  Map.of("try", random.nextInt(3)));
        };
    note("diagnose of " + node + " prints " + data);
    collectors.report(node, data);
  }

  private void backendFault() {
    int roll = random.nextInt(9);
    if (roll < 6) {
      SimulatedCluster.Fault f = SimulatedCluster.Fault.values()[roll];
      int times = 1 + random.nextInt(3);
      note("backend: the next " + times + " " + f + " call(s) fail");
      cluster.arm(f, times);
    } else if (roll < 8) {
      boolean slow = roll == 6;
      note("backend: jobs are " + (slow ? "slow" : "quick"));
      cluster.slowJobs(slow);
    } else {
      note("backend: the next rebooted node stays down");
      cluster.nextRebootStaysDown();
    }
  }

  private void operator() {
    MaintdState s = runner.view().state();
    List<String> uuids = s.incidents().stream().map(i -> i.uuid().toString()).toList();
    String some = uuids.isEmpty() || random.nextInt(8) == 0 ? uuid(random).toString() : pick(uuids);
    switch (random.nextInt(7)) {
      case 0, 1 -> command(new Command.Cancel(some, "op"));
      case 2 -> command(new Command.Acknowledge(some, "op"));
      case 3 -> command(new Command.Pause(true, "op"));
      case 4 -> command(new Command.Pause(false, "op"));
      default ->
          command(new Command.MachinesUp(List.of(pick(nodes)), random.nextInt(5) == 0, "op"));
    }
  }

  private void campaign() {
    MaintdState s = runner.view().state();
    List<Campaign> active = s.campaigns().stream().filter(c -> c.status().isActive()).toList();
    if (!active.isEmpty() && random.nextBoolean()) {
      command(
          new Command.CampaignAction(
              pick(active).id(), List.of("pause", "resume", "abort").get(random.nextInt(3)), "op"));
      return;
    }
    NodeSelection selection =
        switch (random.nextInt(3)) {
          case 0 -> new NodeSelection(List.of(pick(nodes)), "", List.of());
          case 1 ->
              new NodeSelection(
                  List.of(pick(nodes), pick(nodes)).stream().distinct().toList(), "", List.of());
          default -> new NodeSelection(List.of(), random.nextBoolean() ? "group1" : "", List.of());
        };
    command(
        new Command.StartCampaign(
            new CampaignSpec(
                selection,
                random.nextBoolean() ? CampaignMode.MIGRATE_REBOOT : CampaignMode.FULL_EVACUATION,
                random.nextInt(3),
                Duration.ofSeconds(random.nextInt(31)),
                Duration.ofSeconds(60 + random.nextInt(540)),
                List.of()),
            "op"));
  }

  // --- the end: faults stop, the operator tidies up, everything must end ---

  private void quiet() {
    note("--- faults stop ---");
    crashes.disable();
    cluster.heal();
    collectors.heal();
    repairs.heal();
    store.heal();
    for (int i = 0; i < QUIET_TICKS; i++) {
      MaintdState s = runner.view().state();
      if (finished(s) && health.settled()) {
        return;
      }
      if (i == QUIET_TICKS / 2) {
        note("--- the operator gives up waiting: " + unfinished(s) + " ---");
        giveUp(s);
      }
      tidyUp(s);
      if (breakage == Breakage.CAMPAIGN_LOSES_GROUPS) {
        loseLaterGroups();
      }
      clock.advance(Duration.ofSeconds(30));
      note("tick");
      tick();
      check();
    }
    throw new Violation(
        "liveness: "
            + QUIET_TICKS
            + " quiet ticks after the faults stopped, still "
            + unfinished(runner.view().state())
            + (health.settled() ? "" : "; disks not activated: " + health.unsettled()));
  }

  private static boolean finished(MaintdState s) {
    return s.intents().isEmpty()
        && s.incidents().stream().noneMatch(i -> i.status().isActive())
        && s.campaigns().stream().noneMatch(c -> c.status().isActive())
        && s.machines().isEmpty()
        && SimulatedMaintenance.finished(s)
        && SimulatedReboots.finished(s);
  }

  private void tidyUp(MaintdState s) {
    if (s.paused()) {
      command(new Command.Pause(false, "op"));
    }
    maintenance.tidyUp(s).forEach(this::command);
    reboots.tidyUp(s, false).forEach(this::command);
    for (Incident i : s.incidents()) {
      if ((i.status() == IncidentStatus.COMPLETED || i.status() == IncidentStatus.FAILED)
          && !i.acknowledged()
          && i.tagged()) {
        command(new Command.Acknowledge(i.uuid().toString(), "op"));
      }
    }
    for (Campaign c : s.campaigns()) {
      if (c.status() == CampaignStatus.PAUSED) {
        command(new Command.CampaignAction(c.id(), "resume", "op"));
      }
    }
    for (Machine m : s.machines()) {
      boolean held =
          s.incidents().stream()
                  .anyMatch(i -> i.status().isActive() && i.uuid().toString().equals(m.owner()))
              || s.campaigns().stream()
                  .anyMatch(c -> c.status().isActive() && m.owner().equals("campaign:" + c.id()))
              || !s.reboots().activeOf(m.node()).isEmpty();
      if (!held) {
        command(new Command.MachinesUp(List.of(m.node()), false, "op"));
      }
    }
  }

  /**
   * What waits for something the cluster cannot give (room for a new secondary, say) is cancelled
   * or aborted.
   */
  private void giveUp(MaintdState s) {
    reboots.tidyUp(s, true).forEach(this::command);
    s.incidents().stream()
        .filter(i -> i.status().isActive())
        .forEach(i -> command(new Command.Cancel(i.uuid().toString(), "op")));
    s.campaigns().stream()
        .filter(c -> c.status() == CampaignStatus.RUNNING || c.status() == CampaignStatus.PAUSED)
        .forEach(c -> command(new Command.CampaignAction(c.id(), "abort", "op")));
  }

  private static String unfinished(MaintdState s) {
    List<String> out = new ArrayList<>();
    if (!s.intents().isEmpty()) {
      out.add(
          s.intents().size()
              + " intent(s) "
              + s.intents().stream().map(i -> i.job().key() + "=" + i.jobId()).toList());
    }
    s.incidents().stream()
        .filter(i -> i.status().isActive())
        .forEach(
            i ->
                out.add(
                    "incident "
                        + i.uuid()
                        + " on "
                        + i.node()
                        + " "
                        + i.status().wireName()
                        + " ("
                        + i.next()
                        + ")"));
    s.campaigns().stream()
        .filter(c -> c.status().isActive())
        .forEach(
            c ->
                out.add(
                    "campaign " + c.id() + " " + c.status().wireName() + " (" + c.next() + ")"));
    s.machines()
        .forEach(
            m -> out.add("machine " + m.node() + " out since " + m.since() + " for " + m.owner()));
    if (s.paused()) {
      out.add("paused: " + s.pauseReason());
    }
    s.reboots().requests().stream()
        .filter(org.maintd.reboot.RebootRequest::active)
        .forEach(r -> out.add("reboot request " + r.id() + " of " + r.node() + " " + r.status()));
    if (!SimulatedMaintenance.finished(s)) {
      out.add(
          "maintenance: "
              + s.maintenance().schedule().machines().size()
              + " machine(s) scheduled, modes "
              + s.maintenance().modes());
    }
    return String.join("; ", out);
  }

  // --- invariants ---

  private void check() {
    if (!ledger.violations().isEmpty()) {
      throw new Violation("at-most-once: " + ledger.violations().get(0));
    }
    Cluster now = cluster.now();
    Set<String> heldOff = cluster.heldOff();
    if (now != checkedCluster || !heldOff.equals(checkedHeldOff)) {
      checkCaps(now, heldOff);
      checkedCluster = now;
      checkedHeldOff = heldOff;
    }
    checkMemory(now);
    MaintdState shown = runner.view().state();
    checkCampaigns(shown);
    countWaits(shown);
    MaintdState saved = store.saved();
    if (saved != null
        && saved != shown
        && (saved.serial() != shown.serial() || !saved.sameContentAs(shown))) {
      throw new Violation(
          "state: the runner shows serial "
              + shown.serial()
              + ", but the last state written was serial "
              + saved.serial());
    }
    checkWatched(saved);
    health
        .check(shown, clock.instant())
        .ifPresent(
            v -> {
              throw new Violation(v);
            });
    maintenance
        .check(saved, now)
        .ifPresent(
            v -> {
              throw new Violation(v);
            });
    maintenance.countHeld(shown, now);
    reboots
        .check(saved)
        .ifPresent(
            v -> {
              throw new Violation(v);
            });
    for (Incident i : shown.incidents()) {
      if (i.status() == IncidentStatus.CANCELED) {
        canceledAt.putIfAbsent(i.uuid().toString(), ledger.last());
      }
    }
    for (Ledger.Action a : ledger.since(checkedActions)) {
      checkBackAndForth(a);
      Long canceled = canceledAt.get(a.owner());
      if (canceled != null && a.seq() > canceled) {
        throw new Violation(
            "cancel: incident "
                + a.owner()
                + " was cancelled, then got "
                + a.kind()
                + " "
                + a.key());
      }
    }
    checkedActions = ledger.last();
  }

  /** Balancing settles: no instance goes back and forth more than twice with nothing in between. */
  private void checkBackAndForth(Ledger.Action a) {
    if (!a.kind().equals("job") || !a.owner().startsWith("balance:")) {
      backAndForth.disturbed();
      return;
    }
    Optional<String> v = backAndForth.moved(a.owner().substring("balance:".length()), a.detail());
    if (v.isPresent()) {
      throw new Violation("back and forth: " + v.get());
    }
  }

  /**
   * Every job of maintd's still running in the cluster is watched: the last state written holds an
   * intent with its key (its id recorded, or to be found by its key), so that its end is seen, its
   * failure accounted and the caps count it. A job nothing watches is a drain or a move that lands
   * behind maintd's back.
   */
  private void checkWatched(MaintdState saved) {
    if (saved == null || cluster.lookupsBlind()) {
      return;
    }
    Set<String> watched = new HashSet<>();
    saved.intents().forEach(i -> watched.add(i.job().key()));
    for (String key : cluster.runningKeys()) {
      if (!watched.contains(key)) {
        throw new Violation(
            "watched: job "
                + key
                + " runs in the cluster, but no intent of the stored state has it");
      }
    }
  }

  /**
   * At a restart: what the new process reads is exactly the last state written (no write lost or
   * torn).
   */
  private void checkRestored(MaintdState loaded) {
    MaintdState saved = store.saved();
    if (saved == null) {
      return;
    }
    if (loaded.serial() != saved.serial() || !loaded.sameContentAs(saved)) {
      throw new Violation(
          "state: the restarted daemon read serial "
              + loaded.serial()
              + ", but the last state written was"
              + " serial "
              + saved.serial()
              + (loaded.sameContentAs(saved) ? "" : " with other content"));
    }
  }

  /**
   * No group and no failure domain has more nodes out of service than the cap allows: drained,
   * offline, or kept off by a power-off (a node held off without its drain is out all the same).
   */
  private void checkCaps(Cluster c, Set<String> heldOff) {
    Map<String, List<String>> down = new LinkedHashMap<>();
    Map<String, Integer> size = new HashMap<>();
    for (Node n : c.nodes()) {
      List<String> keys = new ArrayList<>();
      keys.add("group " + c.groupByUuid(n.group()).map(Group::name).orElse(n.group()));
      n.tags().stream()
          .filter(t -> caps.failureDomainPrefixes().stream().anyMatch(t::startsWith))
          .forEach(t -> keys.add("failure domain " + t));
      for (String k : keys) {
        size.merge(k, 1, Integer::sum);
        if (n.drained() || n.offline() || heldOff.contains(n.name())) {
          down.computeIfAbsent(k, x -> new ArrayList<>()).add(n.name());
        }
      }
    }
    down.forEach(
        (k, out) -> {
          int allowed = caps.maxUnavailable().of(size.get(k));
          if (out.size() > allowed) {
            throw new Violation(
                "caps: " + k + " has " + out + " out of service, the cap allows " + allowed);
          }
        });
  }

  /**
   * No node's free memory is negative, and the jobs still running never move more memory onto a
   * node than it has free: the planner takes the room of every placement of a round before the
   * next, and a round starts only when the last one's jobs have ended, so what the jobs in flight
   * bring must fit in whatever order they end (memory that moves away counts only once it has).
   */
  private void checkMemory(Cluster c) {
    Map<String, Long> coming = cluster.memoryInFlight();
    for (Node n : c.nodes()) {
      long free = n.resources().memFree();
      if (free < 0) {
        throw new Violation("memory: " + n.name() + " has " + free + " MiB free memory");
      }
      long in = coming.getOrDefault(n.name(), 0L);
      if (in > free) {
        throw new Violation(
            "memory: the jobs still running move "
                + in
                + " MiB of running instances onto "
                + n.name()
                + ", which has "
                + free
                + " MiB free: a round overfilled it");
      }
    }
  }

  /**
   * A campaign that completed rebooted every node it chose, in every group (as first seen): each
   * came back, after the campaign started, from a reboot by one of the campaign's own jobs (not one
   * an aborted campaign, a reboot request or an operator made).
   */
  private void checkCampaigns(MaintdState s) {
    for (Campaign c : s.campaigns()) {
      List<String> chosen =
          campaignNodes.computeIfAbsent(
              c.id(), k -> c.groups().stream().flatMap(List::stream).toList());
      if (c.status() != CampaignStatus.COMPLETED || !completedChecked.add(c.id())) {
        continue;
      }
      List<String> missed =
          chosen.stream().filter(n -> !cluster.backAfter(n, c.ctime(), c.owner())).toList();
      if (!missed.isEmpty()) {
        throw new Violation(
            "campaign: "
                + c.id()
                + " completed, but of the nodes it chose "
                + chosen
                + ", "
                + missed
                + " did not come back from a reboot after it started at "
                + c.ctime());
      }
    }
  }

  /**
   * Counts the steps after which an active incident or campaign waits for memory (a node without
   * room), for a group's cap or for a failure domain's cap, as its next step says.
   */
  private void countWaits(MaintdState s) {
    List<String> texts = new ArrayList<>();
    s.incidents().stream().filter(i -> i.status().isActive()).forEach(i -> texts.add(i.next()));
    s.campaigns().stream().filter(c -> c.status().isActive()).forEach(c -> texts.add(c.next()));
    if (texts.stream()
        .anyMatch(
            t ->
                t.contains("MiB free memory")
                    || t.contains("has room (")
                    || t.contains("has room for the instance"))) {
      waited.merge(WAITED_MEMORY, 1, Integer::sum);
    }
    if (texts.stream().anyMatch(t -> t.contains("cap: group "))) {
      waited.merge(WAITED_GROUP_CAP, 1, Integer::sum);
    }
    if (texts.stream().anyMatch(t -> t.contains("cap: failure domain "))) {
      waited.merge(WAITED_DOMAIN_CAP, 1, Integer::sum);
    }
  }

  // --- helpers ---

  private void note(String line) {
    String entry = "[" + steps + " " + clock.instant() + "] " + line;
    digest = digest * 31 + entry.hashCode();
    trace.addLast(entry);
    if (trace.size() > TRACE) {
      trace.removeFirst();
    }
    if (keepTrace) {
      fullTrace.add(entry);
    }
  }

  private <T> T pick(List<T> from) {
    return from.get(random.nextInt(from.size()));
  }

  private static UUID uuid(Random r) {
    long msb = (r.nextLong() & ~0xF000L) | 0x4000L;
    long lsb = (r.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
    return new UUID(msb, lsb);
  }

  /** The threshold as the trace has always written it: its value, or NaN when off. */
  private static String thresholdNote(BalanceThreshold t) {
    return t instanceof BalanceThreshold.Above a ? String.valueOf(a.value()) : "NaN";
  }

  private static String at(RuntimeException e) {
    StackTraceElement[] st = e.getStackTrace();
    return st.length == 0 ? "" : " at " + st[0];
  }
}
