package org.maintd.daemon.backend.sim;

import java.time.Clock;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.maintd.incident.Observation;
import org.maintd.spi.CollectorReading;
import org.maintd.spi.ReportSource;

/**
 * The collectors of a simulated cluster as the daemon sees them: a node that is powered off does
 * not answer, whatever its simulated collector process does; the others are polled for real.
 * Thread-safe when the delegate is.
 */
public record PoweredOffReports(ReportSource delegate, SimBackend sim, Clock clock)
    implements ReportSource {
  @Override
  public Map<String, CollectorReading> poll(Collection<String> nodes) {
    Set<String> off = sim.poweredOff();
    List<String> on = nodes.stream().filter(n -> !off.contains(n)).toList();
    Map<String, CollectorReading> readings = new HashMap<>(delegate.poll(on));
    for (String n : nodes) {
      if (off.contains(n)) {
        String why = "node is powered off (simulated reboot)";
        readings.put(
            n,
            new CollectorReading(
                n, new Observation.Unknown(why), "unreachable", why, clock.instant()));
      }
    }
    return Map.copyOf(readings);
  }
}
