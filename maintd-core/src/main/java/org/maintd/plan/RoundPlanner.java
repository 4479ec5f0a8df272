package org.maintd.plan;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.maintd.balance.BalanceOptions;
import org.maintd.balance.BalanceThreshold;
import org.maintd.balance.Load;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignStatus;
import org.maintd.cluster.Cluster;
import org.maintd.health.HealthPlan;
import org.maintd.health.HealthPlanner;
import org.maintd.incident.Incident;
import org.maintd.incident.IncidentStatus;
import org.maintd.incident.Lifecycle;
import org.maintd.job.JobSpec;
import org.maintd.maintenance.Maintenance;
import org.maintd.reboot.Reboots;
import org.maintd.safety.SafetyCaps;
import org.maintd.wait.OtherWorkFirst;
import org.maintd.wait.WaitReason;

/**
 * Plans one round: for every incident the daemon acts on, in priority order (evacuations by
 * failover, evacuations, then live repairs; older first), the next step on what is still free. Jobs
 * planned in one round never share a node or an instance across owners. Later priorities (instance
 * repairs, planned maintenance, balancing) plug in after the incidents and see only what is left.
 * Nothing is taken out of service beyond the safety caps. Stateless; a fresh context per call.
 */
public final class RoundPlanner {
  private final SafetyCaps caps;
  private final boolean harep;
  private final BalanceThreshold balanceThreshold;
  private final BalanceOptions balancing;
  private final Duration hardRebootAfter;

  /**
   * A planner within {@code caps}; with {@code harep}, instance repairs follow the incidents; above
   * a {@code balanceThreshold} (unless it is off), balancing moves come last, as {@code balancing}
   * allows them (its gain rule decides which are worth a job); with a positive {@code
   * hardRebootAfter}, a campaign's node whose soft reboot failed or did not bring it back that long
   * after is rebooted hard.
   */
  public RoundPlanner(
      SafetyCaps caps,
      boolean harep,
      BalanceThreshold balanceThreshold,
      BalanceOptions balancing,
      Duration hardRebootAfter) {
    this.caps = caps;
    this.harep = harep;
    this.balanceThreshold = balanceThreshold;
    this.balancing = balancing;
    this.hardRebootAfter = hardRebootAfter;
  }

  /**
   * A planner that balances above {@code balanceThreshold} by Ganeti's maintenance daemon's rule
   * for it, and never reboots hard.
   */
  public RoundPlanner(SafetyCaps caps, boolean harep, double balanceThreshold) {
    this(
        caps,
        harep,
        BalanceThreshold.above(balanceThreshold),
        BalanceOptions.threshold(balanceThreshold),
        Duration.ZERO);
  }

  /** A planner that does not balance; a positive {@code hardRebootAfter} as above. */
  public RoundPlanner(SafetyCaps caps, boolean harep, Duration hardRebootAfter) {
    this(caps, harep, BalanceThreshold.off(), BalanceOptions.hbal(), hardRebootAfter);
  }

  public RoundPlanner(SafetyCaps caps, boolean harep) {
    this(caps, harep, Duration.ZERO);
  }

  public RoundPlanner(SafetyCaps caps) {
    this(caps, false);
  }

  public RoundPlanner() {
    this(SafetyCaps.defaults());
  }

  /** Plans round {@code round} of {@code cluster} at {@code now}, with nothing else to go on. */
  public RoundPlan plan(
      Cluster cluster, List<Incident> incidents, List<String> evacuated, long round, Instant now) {
    return plan(PlanInputs.of(cluster, incidents, evacuated, round, now));
  }

  /**
   * Plans a round with everything it goes on ({@code in}): knowing which jobs have succeeded (a
   * harep repair whose pending tag names only such jobs, or none, takes its next step; the others
   * wait for theirs); with the reboot requests, each node's cycle moving on after instance repairs
   * and before planned maintenance and campaigns (no instance lands on a node a cycle takes down);
   * with the maintenance schedule: its machines' steps come after instance repairs and before
   * campaigns; no move lands on a machine it drains, holds down or is about to drain, nor on a node
   * whose repair failed. Its {@code hold} (the guard of planned work: outside the allowed hours, an
   * alert) holds all planned work, campaign steps too: every planner finds it in the round's
   * context; repairs of faults go on regardless. The campaigns' steps come after repairs and
   * instance repairs ({@code signals}: the collectors' latest words per node). Instance health (its
   * settings may switch it off) comes after the campaigns' steps and before balancing, on what they
   * left. Balancing waits while a campaign is under way, and weighs the instances' measured load
   * (see {@link Load#on}: a measure not every node has is left out, and the plan says so).
   */
  public RoundPlan plan(PlanInputs in) {
    RoundContext ctx = context(in);
    EvacuationPlanner evacuations = new EvacuationPlanner(ctx);
    List<JobSpec> jobs = new ArrayList<>();
    List<UUID> completed = new ArrayList<>();
    Map<UUID, Next> next = incidents(ctx, evacuations, in.incidents(), jobs, completed);
    List<TagChange> tags = new ArrayList<>();
    List<PlanItem> items = new ArrayList<>();
    if (harep) {
      new HarepPlanner(ctx, in.now(), in.succeededJobs()).plan(jobs, tags, items);
    }
    Reboots rebooted =
        new RebootRequestPlanner(ctx, evacuations, in.signals(), in.reboots(), in.now())
            .plan(in.reboots().reboots(), campaignHolds(in.campaigns()), jobs, items);
    ctx.rebooting.addAll(rebooted.busyNodes());
    Maintenance scheduled =
        new MaintenancePlanner(
                ctx, evacuations, in.maintenance(), in.now(), campaignNodes(in.campaigns()))
            .plan(jobs, items);
    CampaignPlanner campaignPlanner =
        new CampaignPlanner(ctx, evacuations, in.signals(), hardRebootAfter, in.now());
    List<Campaign> planned = new ArrayList<>();
    for (Campaign c : in.campaigns()) {
      planned.add(campaignPlanner.plan(c, jobs));
    }
    HealthPlan health = health(ctx, in.health(), planned, jobs, items);
    if (balanceThreshold instanceof BalanceThreshold.Above) {
      balance(ctx, in, planned, jobs, items);
    }
    return new RoundPlan(jobs, completed, next, tags, items, planned, scheduled, health, rebooted);
  }

  /**
   * The round's context: the targets ruled out (the schedule's, failed repairs', the nodes a reboot
   * request takes down), and the nodes reboot requests hold off counted out of service.
   */
  private RoundContext context(PlanInputs in) {
    Map<String, String> ruledOut = new HashMap<>(in.maintenance().ruledOut(in.cluster(), in.now()));
    ruledOut.putAll(failedRepairNodes(in.incidents()));
    Reboots reboots = in.reboots().reboots();
    reboots.downNodes().forEach(n -> ruledOut.put(n, "a reboot request takes it down"));
    RoundContext ctx =
        new RoundContext(
            in.cluster(),
            in.round(),
            nanos(in.now()),
            excluded(in.incidents(), in.evacuated()),
            ruledOut,
            caps,
            in.maintenance().hold());
    reboots.offNodes().forEach(n -> in.cluster().node(n).ifPresent(ctx.unavailable::takeDown));
    return ctx;
  }

  /**
   * What happens next to every incident: the step of each one acted on (its jobs to {@code jobs},
   * completed ones to {@code completed}), in priority order; why the others do nothing or wait.
   */
  private static Map<UUID, Next> incidents(
      RoundContext ctx,
      EvacuationPlanner evacuations,
      List<Incident> incidents,
      List<JobSpec> jobs,
      List<UUID> completed) {
    LiveRepairPlanner repairs = new LiveRepairPlanner(ctx);
    Map<UUID, Next> next = new HashMap<>();
    for (Incident incident : incidents) {
      next.put(incident.uuid(), passive(incident, incidents));
    }
    for (Incident incident : actionable(incidents)) {
      Step step =
          incident.diagnosis().status().isEvacuation()
              ? evacuations.plan(incident)
              : repairs.plan(incident);
      jobs.addAll(step.jobs());
      if (step.complete()) {
        completed.add(incident.uuid());
      }
      next.put(incident.uuid(), step.next());
    }
    return next;
  }

  /** Instance health's duties on what the round left, unless its settings switch it off. */
  private static HealthPlan health(
      RoundContext ctx,
      HealthRound health,
      List<Campaign> planned,
      List<JobSpec> jobs,
      List<PlanItem> items) {
    return health.settings().enabled()
        ? new HealthJobs(ctx, new HealthPlanner(health.settings()))
            .plan(health, planned, jobs, items)
        : new HealthPlan(List.of(), List.of(), List.of(), health.stored());
  }

  /** Balancing moves, last; it waits while a campaign is under way. */
  private void balance(
      RoundContext ctx,
      PlanInputs in,
      List<Campaign> planned,
      List<JobSpec> jobs,
      List<PlanItem> items) {
    Optional<Campaign> underWay =
        planned.stream()
            .filter(c -> c.status() == CampaignStatus.RUNNING || c.status().isStopping())
            .findFirst();
    if (underWay.isPresent()) {
      WaitReason why = new OtherWorkFirst.CampaignUnderWay(underWay.get().id());
      items.add(new PlanItem("balance", "cluster", Next.waits(why)));
    } else {
      new BalancePlanner(ctx, balancing, failedRepairs(in.incidents()), in.load())
          .plan(jobs, items);
    }
  }

  /** Incidents acted on this round, most invasive first, then oldest first. */
  static List<Incident> actionable(List<Incident> incidents) {
    Set<UUID> actedOn = new HashSet<>();
    incidents.stream()
        .map(Incident::node)
        .distinct()
        .forEach(node -> Lifecycle.actedOn(incidents, node).ifPresent(i -> actedOn.add(i.uuid())));
    return incidents.stream()
        .filter(i -> actedOn.contains(i.uuid()))
        .sorted(
            Comparator.<Incident, Integer>comparing(i -> -i.diagnosis().status().ordinal())
                .thenComparing(Incident::ctime))
        .toList();
  }

  /**
   * The nodes of incidents whose repair failed and that the operator has not acknowledged yet (by
   * removing the repairfailed tag, which forgets the incident).
   */
  private static Set<String> failedRepairs(List<Incident> incidents) {
    Set<String> nodes = new HashSet<>();
    incidents.stream()
        .filter(i -> i.status() == IncidentStatus.FAILED)
        .forEach(i -> nodes.add(i.node()));
    return nodes;
  }

  /** The nodes of the group each campaign under way works on, by the campaign's id. */
  private static Map<String, String> campaignNodes(List<Campaign> campaigns) {
    Map<String, String> out = new HashMap<>();
    campaigns.stream()
        .filter(c -> c.status().isActive())
        .forEach(c -> c.currentGroup().forEach(n -> out.put(n, c.id())));
    return out;
  }

  /** The nodes a campaign under way has started on and not finished, by the campaign's id. */
  private static Map<String, String> campaignHolds(List<Campaign> campaigns) {
    Map<String, String> out = new HashMap<>();
    campaigns.stream()
        .filter(c -> c.status().isActive())
        .forEach(
            c ->
                c.nodes().stream()
                    .filter(
                        p ->
                            p.phase() != org.maintd.campaign.NodePhase.WAITING
                                && !NodeRun.finished(p.phase()))
                    .forEach(p -> out.put(p.node(), c.id())));
    return out;
  }

  /** The nodes whose repair failed, each with why it is ruled out as a target. */
  private static Map<String, String> failedRepairNodes(List<Incident> incidents) {
    Map<String, String> out = new HashMap<>();
    incidents.stream()
        .filter(i -> i.status() == IncidentStatus.FAILED)
        .forEach(
            i ->
                out.put(
                    i.node(),
                    "its repair failed (incident "
                        + i.uuid()
                        + "; remove tag "
                        + i.tag()
                        + " to use it again)"));
    return out;
  }

  private static Set<String> excluded(List<Incident> incidents, List<String> evacuated) {
    Set<String> nodes = new HashSet<>(evacuated);
    incidents.stream().filter(i -> i.status().isActive()).forEach(i -> nodes.add(i.node()));
    return nodes;
  }

  private static Next passive(Incident incident, List<Incident> all) {
    return switch (incident.status()) {
      case CANCELED -> Next.does("nothing: canceled; forgotten once the node no longer reports it");
      case FAILED -> Next.does("nothing: failed; remove tag " + incident.tag() + " to forget it");
      case COMPLETED ->
          Next.does(
              incident.acknowledged()
                  ? "nothing: acknowledged; forgotten once the node no longer reports it"
                  : "nothing: completed; remove tag " + incident.tag() + " to acknowledge");
      case NOTED, PENDING ->
          Lifecycle.actedOn(all, incident.node())
              .filter(top -> !top.uuid().equals(incident.uuid()))
              .map(
                  top ->
                      new OtherWorkFirst.IncidentFirst(
                          top.uuid(), top.diagnosis().status().wireName()))
              .map(Next::waits)
              .orElse(Next.does(""));
    };
  }

  private static long nanos(Instant now) {
    return now.getEpochSecond() * 1_000_000_000L + now.getNano();
  }
}
