package org.maintd.daemon.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import java.util.function.Supplier;
import org.maintd.health.InstanceHealth;
import org.maintd.incident.IncidentStatus;
import org.maintd.spi.MaintdState;

/**
 * The gauges of what the daemon repairs, from the state it shows: {@code maintd_incidents{status}},
 * the incidents by status; {@code maintd_instance_health{state}}, the instances by what instance
 * health records of them. Stateless.
 */
final class RepairGauges {
  private RepairGauges() {}

  static void register(MeterRegistry registry, Supplier<MaintdState> state) {
    TaggedGauges.register(
        registry,
        "maintd.incidents",
        "Incidents by status",
        "status",
        IncidentStatus.values(),
        IncidentStatus::wireName,
        status -> state.get().incidents().stream().filter(i -> i.status() == status).count());
    TaggedGauges.register(
        registry,
        "maintd.instance.health",
        "Instances by what instance health records of them (restarting, gave_up, cleaning_up,"
            + " disks_activated)",
        "state",
        InstanceHealth.STATES.toArray(String[]::new),
        s -> s,
        s -> state.get().health().count(s));
  }
}
