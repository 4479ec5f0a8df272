package org.maintd.daemon.backend.sim.rehearse;

import java.time.Clock;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.maintd.daemon.backend.sim.SimMemory;
import org.maintd.diagnose.Diagnosis;
import org.maintd.incident.Observation;
import org.maintd.spi.CollectorReading;
import org.maintd.spi.ReportSource;

/**
 * The nodes' collectors of a rehearsal, those of nodes that are on ({@link
 * org.maintd.daemon.backend.sim.PoweredOffReports} answers for the others): each answers what it
 * answered at the daemon's last poll, but a node that booted in the rehearsal reports {@code Ok}
 * with its new boot id, and the node of the act's fault reports the fault. No collector is asked
 * anything. Not thread-safe: one play uses it.
 */
final class EchoedCollectors implements ReportSource {
  private final Map<String, CollectorReading> last;
  private final SimMemory memory;
  private final Optional<Fault> fault;
  private final Clock clock;

  /** {@code node} reports {@code diagnosis}. */
  record Fault(String node, Diagnosis diagnosis) {}

  EchoedCollectors(
      Map<String, CollectorReading> last, SimMemory memory, Optional<Fault> fault, Clock clock) {
    this.last = Map.copyOf(last);
    this.memory = memory;
    this.fault = fault;
    this.clock = clock;
  }

  @Override
  public Map<String, CollectorReading> poll(Collection<String> nodes) {
    Map<String, CollectorReading> readings = new TreeMap<>();
    nodes.forEach(n -> readings.put(n, reading(n)));
    return readings;
  }

  private CollectorReading reading(String node) {
    Optional<String> booted = memory.bootId(node);
    CollectorReading was = last.get(node);
    String bootId = booted.orElse(was == null ? "" : was.bootId());
    Optional<Diagnosis> reports = fault.filter(f -> f.node().equals(node)).map(Fault::diagnosis);
    if (reports.isPresent()) {
      Diagnosis d = reports.get();
      return new CollectorReading(
          node, new Observation.Fault(d), "ok", d.status().wireName(), clock.instant(), bootId);
    }
    if (was == null || booted.isPresent()) {
      return new CollectorReading(
          node, new Observation.Clear(), "ok", "Ok", clock.instant(), bootId);
    }
    return new CollectorReading(
        node,
        was.observation(),
        was.health(),
        was.detail(),
        clock.instant(),
        bootId,
        was.load(),
        Optional.empty());
  }
}
