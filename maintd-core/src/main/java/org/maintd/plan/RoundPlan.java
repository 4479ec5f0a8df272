package org.maintd.plan;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.maintd.campaign.Campaign;
import org.maintd.health.HealthPlan;
import org.maintd.job.JobSpec;
import org.maintd.maintenance.Maintenance;

/**
 * What a round will do: the jobs to submit (none conflict), the incidents whose work is complete
 * (to be tagged {@code repairready}), for every incident what happens next or why it waits, tags to
 * change outside jobs (instance repairs' {@code enoperm} results, expired suspensions), and the
 * other items considered (instances to repair, scheduled machines) with what happens to them, and
 * the campaigns, the maintenance schedule's modes and the reboot requests as they stand after this
 * round's steps, and what instance health decided (its duties are among the jobs; its state is kept
 * when the round starts).
 */
public record RoundPlan(
    List<JobSpec> jobs,
    List<UUID> completed,
    Map<UUID, Next> next,
    List<TagChange> tagChanges,
    List<PlanItem> items,
    List<Campaign> campaigns,
    Maintenance maintenance,
    HealthPlan health,
    org.maintd.reboot.Reboots reboots) {
  public RoundPlan {
    campaigns = List.copyOf(campaigns);
    jobs = List.copyOf(jobs);
    completed = List.copyOf(completed);
    next = Map.copyOf(next);
    tagChanges = List.copyOf(tagChanges);
    items = List.copyOf(items);
  }
}
