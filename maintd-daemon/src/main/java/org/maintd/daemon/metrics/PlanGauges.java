package org.maintd.daemon.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Optional;
import java.util.function.Supplier;
import org.maintd.guard.PlannedWorkGuard;
import org.maintd.round.PlanSnapshot;
import org.maintd.spi.MaintdState;
import org.maintd.wait.WaitReason;

/**
 * The gauges of what the daemon does next, from the last plan and the state: {@code
 * maintd_plan_waits{kind}}, the items of the last plan that wait, by the kind of what they wait
 * for; {@code maintd_planned_work_held{kind}}, 1 while planned work waits, by what holds it; {@code
 * maintd_paused}, 1 while automatic actions are paused; {@code maintd_storm}, 1 while the last poll
 * shows a fault storm. Stateless.
 */
final class PlanGauges {
  private PlanGauges() {}

  /**
   * The gauges over the last plan ({@code plan}, none before the first), {@code state} and {@code
   * storm} (empty: none).
   */
  static void register(
      MeterRegistry registry,
      Supplier<Optional<PlanSnapshot>> plan,
      Supplier<MaintdState> state,
      Supplier<String> storm) {
    TaggedGauges.register(
        registry,
        "maintd.plan.waits",
        "Incidents and other items of the last plan that wait, by the kind of what they wait for",
        "kind",
        WaitReason.KINDS.toArray(String[]::new),
        kind -> kind,
        kind -> plan.get().map(p -> p.waitsByKind().getOrDefault(kind, 0L)).orElse(0L));
    TaggedGauges.register(
        registry,
        "maintd.planned.work.held",
        "1 while planned work waits, by the kind of what holds it (allowed hours, alerts)",
        "kind",
        PlannedWorkGuard.KINDS.toArray(String[]::new),
        kind -> kind,
        kind ->
            plan.get()
                    .flatMap(PlanSnapshot::plannedWorkHeld)
                    .filter(w -> w.kind().equals(kind))
                    .isPresent()
                ? 1
                : 0);
    Gauge.builder("maintd.paused", () -> state.get().paused() ? 1 : 0)
        .description("1 while automatic actions are paused (by an operator or the storm guard)")
        .register(registry);
    Gauge.builder("maintd.storm", () -> storm.get().isEmpty() ? 0 : 1)
        .description("1 while the last poll shows a fault storm")
        .register(registry);
  }
}
