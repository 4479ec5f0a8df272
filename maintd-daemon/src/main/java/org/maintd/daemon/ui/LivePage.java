package org.maintd.daemon.ui;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.maintd.campaign.Campaign;
import org.maintd.daemon.http.ApiRoutes;
import org.maintd.daemon.http.LastRehearsal;
import org.maintd.daemon.http.ListReads;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.protocol.api.CampaignView;
import org.maintd.protocol.api.HealthView;
import org.maintd.protocol.api.IncidentView;
import org.maintd.protocol.api.InstanceView;
import org.maintd.protocol.api.MaintenanceStatusView;
import org.maintd.protocol.api.PlanView;
import org.maintd.protocol.api.RebootView;
import org.maintd.reboot.RebootRequest;

/**
 * Everything the page's live parts show, made from one published view (and the daemon's health):
 * the overview, the incidents, the round's jobs and the plan, a page of nodes, the instances that
 * need attention, the campaigns, the maintenance schedule and status, the reboot requests under
 * way, and the last rehearsal played (kept beside the view, {@link LastRehearsal}); {@code at} is
 * the time of the view's plan, which the page's ages count from. Immutable.
 */
public record LivePage(
    Instant at,
    Overview overview,
    List<IncidentView> incidents,
    List<String> jobs,
    PlanView plan,
    NodePage nodes,
    InstanceList instances,
    List<CampaignCard> campaigns,
    Timeline timeline,
    MaintenanceStatusView maintenance,
    List<RebootView> reboots,
    Optional<RehearsalCard> rehearsal) {

  /**
   * The page of {@code v} as {@code health} and {@code filter} ask for it, its node table cut by
   * {@code lists}, with the view's {@code instances} as {@code /1/instances} shows them, and the
   * {@code rehearsal} last played.
   */
  public static LivePage of(
      DaemonView v,
      HealthView health,
      ListReads lists,
      NodeFilter filter,
      List<InstanceView> instances,
      Optional<LastRehearsal.Kept> rehearsal) {
    Instant at = viewTime(v);
    List<IncidentView> incidents = ApiRoutes.status(v);
    PlanView plan = ApiRoutes.plan(v);
    NodePage nodes = NodePage.of(lists, v, filter);
    Overview overview =
        new Overview(
            health,
            v.state().paused(),
            v.state().pauseReason(),
            v.storm(),
            java.util.Optional.ofNullable(plan.planned_work_held()),
            plan.held_back(),
            plan.round(),
            incidents.size(),
            (int) incidents.stream().filter(LivePage::active).count(),
            nodes.total());
    return new LivePage(
        at,
        overview,
        incidents,
        v.jobs(),
        plan,
        nodes,
        InstanceList.of(instances),
        v.state().campaigns().stream()
            .sorted(Comparator.comparing(Campaign::ctime).reversed())
            .map(c -> CampaignCard.of(CampaignView.of(c)))
            .toList(),
        Timeline.of(v.state().maintenance(), at),
        MaintenanceStatusView.of(v.cluster(), v.state().maintenance()),
        v.state().reboots().requests().stream()
            .filter(RebootRequest::active)
            .map(RebootView::of)
            .toList(),
        rehearsal.map(RehearsalCard::of));
  }

  /**
   * When the view was made: its plan's time, or where there is none yet (before the first round, on
   * a standby) the latest time a collector's reading or its stored health has; the epoch when none
   * has either.
   */
  private static Instant viewTime(DaemonView v) {
    if (v.plan() != null && v.plan().at() != null) {
      return v.plan().at();
    }
    return java.util.stream.Stream.concat(
            v.readings().values().stream().map(org.maintd.spi.CollectorReading::at),
            v.state().collectors().values().stream().map(org.maintd.spi.CollectorStatus::since))
        .filter(java.util.Objects::nonNull)
        .max(Comparator.naturalOrder())
        .orElse(Instant.EPOCH);
  }

  /** Whether an incident is still being handled (noted or pending). */
  public static boolean active(IncidentView i) {
    return i.repairStatus().equals("noted") || i.repairStatus().equals("pending");
  }

  /** Whether an incident can be acknowledged: completed or failed, tagged, not acknowledged. */
  public static boolean acknowledgeable(IncidentView i) {
    return (i.repairStatus().equals("completed") || i.repairStatus().equals("failed"))
        && i.tagged()
        && !i.acknowledged();
  }
}
