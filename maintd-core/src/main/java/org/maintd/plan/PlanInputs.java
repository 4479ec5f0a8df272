package org.maintd.plan;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Instant;
import java.util.Set;
import org.maintd.balance.Load;

/**
 * What a round is planned with beyond the cluster, the incidents and the campaigns: the jobs this
 * tick read as succeeded (harep's next steps), the maintenance schedule, the instances' measured
 * load, instance health and the reboot requests. Its single-value withers ({@code withLoad}, ...)
 * are generated.
 */
@RecordBuilder
public record PlanInputs(
    Set<String> succeededJobs,
    MaintenanceInput maintenance,
    Load load,
    HealthRound health,
    RebootInput reboots)
    implements PlanInputsBuilder.With {

  public PlanInputs {
    succeededJobs = Set.copyOf(succeededJobs);
  }

  /** Nothing succeeded, no schedule, no load, instance health off and no reboot requests. */
  public static PlanInputs none(Instant now) {
    return new PlanInputs(
        Set.of(), MaintenanceInput.none(), Load.none(), HealthRound.off(now), RebootInput.none());
  }
}
