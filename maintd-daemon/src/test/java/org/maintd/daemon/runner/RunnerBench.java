package org.maintd.daemon.runner;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import org.maintd.cluster.Cluster;
import org.maintd.daemon.backend.sim.SimBackend;
import org.maintd.daemon.backend.sim.SimSettings;
import org.maintd.daemon.repair.RepairJobs;
import org.maintd.daemon.testing.FakeClock;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.diagnose.DiagnoseParser;
import org.maintd.htools.HtoolsReader;
import org.maintd.incident.Observation;
import org.maintd.round.RoundStep;
import org.maintd.round.Settings;
import org.maintd.spi.ClusterBackend;
import org.maintd.spi.CollectorReading;
import org.maintd.spi.MaintdState;
import org.maintd.spi.StateStore;

/**
 * What the runner's tests run a runner on: the test cluster simulated in a directory, a fake clock,
 * the collectors' reports set by hand, and the state file {@code state.json} beside. Not
 * thread-safe.
 */
final class RunnerBench {
  final FakeClock clock = new FakeClock(Instant.parse("2026-11-23T10:00:00Z"));
  final Map<String, Observation> poll = new HashMap<>();
  final SimBackend sim;
  private final Path dir;
  private final AtomicLong uuids = new AtomicLong();

  /** How far the wall clock stepped, as the runners made from now on are told. */
  ClockSteps clockSteps = ClockSteps.none();

  RunnerBench(Path dir) {
    this.dir = dir;
    Cluster c = new HtoolsReader().read(TestCluster.CLUSTER, "t");
    this.sim =
        new SimBackend(
            dir.resolve("sim.json"),
            c,
            new SimSettings(dir, dir, Duration.ofSeconds(1), Duration.ZERO),
            clock);
  }

  /** A runner on {@code backend}, storing in {@code store}, crossing {@code boundaries}. */
  RoundRunner runner(ClusterBackend backend, StateStore store, Boundaries boundaries) {
    return runner(backend, store, boundaries, RunnerListener.none());
  }

  /** The same, telling {@code listener} what it does. */
  RoundRunner runner(
      ClusterBackend backend, StateStore store, Boundaries boundaries, RunnerListener listener) {
    return new RoundRunner(
        new RoundRunner.Parts(
            new RoundStep(Settings.defaults(), () -> new UUID(7, uuids.incrementAndGet())),
            backend,
            new JobRouter(backend, new RepairJobs(null, Executors.newSingleThreadExecutor())),
            this::readings,
            new StateWriter(store, clock),
            boundaries,
            clock,
            listener,
            c -> true,
            ConsentSource.NONE,
            AlertSource.none(),
            clockSteps));
  }

  private Map<String, CollectorReading> readings(Collection<String> nodes) {
    Map<String, CollectorReading> out = new HashMap<>();
    for (String node : nodes) {
      Observation o = poll.getOrDefault(node, new Observation.Clear());
      out.put(node, new CollectorReading(node, o, "ok", "", clock.instant(), "boot-" + node));
    }
    return out;
  }

  /** {@code node}'s collector reports {@code status} from now on. */
  void reports(String node, String status) {
    poll.put(
        node,
        new Observation.Fault(new DiagnoseParser().parseCommandOutput(Map.of("status", status))));
  }

  /** The state in {@code state.json}, as read back. */
  MaintdState stored() throws Exception {
    return new org.maintd.protocol.state.StateCodec()
        .read(Files.readString(dir.resolve("state.json")));
  }
}
