package org.maintd.plan;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.maintd.balance.Load;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.NodeSignal;
import org.maintd.cluster.Cluster;
import org.maintd.incident.Incident;

/**
 * Everything a round is planned with: the cluster, the incidents and the nodes evacuated, the
 * round's number and time, the campaigns and the collectors' latest words per node ({@code
 * signals}), the jobs this tick read as succeeded (harep's next steps), the maintenance schedule,
 * the instances' measured load, instance health and the reboot requests. Its single-value withers
 * ({@code withCampaigns}, {@code withLoad}, ...) are generated. Its lists and maps are not copied:
 * what it is given must not change while a round is planned with it.
 */
@RecordBuilder
public record PlanInputs(
    Cluster cluster,
    List<Incident> incidents,
    List<String> evacuated,
    long round,
    Instant now,
    List<Campaign> campaigns,
    Map<String, NodeSignal> signals,
    Set<String> succeededJobs,
    MaintenanceInput maintenance,
    Load load,
    HealthRound health,
    RebootInput reboots)
    implements PlanInputsBuilder.With {

  public PlanInputs {
    succeededJobs = Set.copyOf(succeededJobs);
  }

  /**
   * Round {@code round} of {@code cluster} at {@code now} with {@code incidents} and the nodes
   * {@code evacuated}: no campaign, no signals, nothing succeeded, no schedule, no load, instance
   * health off and no reboot requests.
   */
  public static PlanInputs of(
      Cluster cluster, List<Incident> incidents, List<String> evacuated, long round, Instant now) {
    return new PlanInputs(
        cluster,
        incidents,
        evacuated,
        round,
        now,
        List.of(),
        Map.of(),
        Set.of(),
        MaintenanceInput.none(),
        Load.none(),
        HealthRound.off(now),
        RebootInput.none());
  }
}
