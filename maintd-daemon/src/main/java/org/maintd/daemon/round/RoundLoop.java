package org.maintd.daemon.round;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignException;
import org.maintd.campaign.CampaignSpec;
import org.maintd.campaign.Campaigns;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Node;
import org.maintd.daemon.metrics.DaemonMetrics;
import org.maintd.incident.Incident;
import org.maintd.incident.IncidentException;
import org.maintd.incident.IncidentStatus;
import org.maintd.incident.Lifecycle;
import org.maintd.incident.Observation;
import org.maintd.machine.MachineException;
import org.maintd.machine.MachineUp;
import org.maintd.machine.Machines;
import org.maintd.plan.RoundPlan;
import org.maintd.plan.RoundPlanner;
import org.maintd.safety.SafetyCaps;
import org.maintd.safety.StormGuard;
import org.maintd.spi.ClusterBackend;
import org.maintd.spi.CollectorReading;
import org.maintd.spi.Intent;
import org.maintd.spi.MaintdState;
import org.maintd.spi.ReportSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The daemon's work, one {@link #tick()} at a time: finish the previous round's jobs, take a
 * fresh snapshot, poll the collectors, update incidents, and when no job is running, plan and
 * submit the next round. Operator commands (cancel, acknowledge, pause, campaigns) go through the
 * same lock.
 * Thread-safe: ticks and commands are serialized.
 */
public final class RoundLoop {
  private static final Logger log = LoggerFactory.getLogger(RoundLoop.class);

  private final StateHolder holder;
  private final ClusterBackend backend;
  private final ReportSource reports;
  private final Lifecycle lifecycle;
  private final RoundPlanner planner;
  private final RoundPlanner plannerWithoutBalancing;
  private final StormGuard stormGuard;
  private final HarepTags harepTags;
  private final DaemonMetrics metrics;
  private final JobChecker checker;
  private final Submitter submitter;
  private final NodeBoard board;
  private final Clock clock;
  private final NodeSignals signals = new NodeSignals();
  private volatile java.util.function.Predicate<Cluster> masterCheck = c -> true;
  private final Campaigns campaignFactory = new Campaigns();
  private Instant lastRound = Instant.EPOCH;
  private volatile String storm = "";
  private volatile PlanView lastPlan = PlanView.none();

  public RoundLoop(StateHolder holder, ClusterBackend backend, JobRouter router, ReportSource reports,
      Lifecycle lifecycle, NodeBoard board, Clock clock, SafetyCaps caps, StormGuard stormGuard, boolean harep,
      double balanceThreshold, DaemonMetrics metrics) {
    this.metrics = metrics;
    this.planner = new RoundPlanner(caps, harep, balanceThreshold);
    this.plannerWithoutBalancing = new RoundPlanner(caps, harep);
    this.harepTags = harep ? new HarepTags(backend, clock) : null;
    this.stormGuard = stormGuard;
    this.holder = holder;
    this.backend = backend;
    this.reports = reports;
    this.lifecycle = lifecycle;
    this.checker = new JobChecker(router, lifecycle, metrics);
    this.submitter = new Submitter(router, lifecycle, holder);
    this.board = board;
    this.clock = clock;
  }

  public synchronized void tick() {
    long started = System.nanoTime();
    Instant now = clock.instant();
    submitter.resolve(now);
    List<String> running = runningJobs();
    Cluster cluster = closePreviousRound(backend.snapshot(), running, now);
    if (!masterCheck.test(cluster)) {
      return;
    }
    long pollStarted = System.nanoTime();
    Map<String, CollectorReading> readings = reports.poll(cluster.nodesByName().keySet());
    metrics.polled(Duration.ofNanos(System.nanoTime() - pollStarted), readings);
    board.update(cluster, readings);
    signals.update(readings);
    guardAgainstStorm(cluster, readings);
    holder.update(s -> observe(s, cluster, readings, now));
    tagFailed();
    plan(cluster, running, now);
    metrics.ticked(Duration.ofNanos(System.nanoTime() - started));
  }

  /**
   * Closes the previous round when its jobs have ended; with harep, first records the pending tags
   * of its repair jobs (so a crash between submission and tagging loses nothing), then the results
   * of repairs whose jobs ended.
   */
  private Cluster closePreviousRound(Cluster snapshot, List<String> running, Instant now) {
    Cluster cluster = harepTags == null ? snapshot : harepTags.recordSubmitted(snapshot, holder.get().intents());
    if (running.isEmpty() && !holder.get().intents().isEmpty()) {
      holder.update(s -> checker.close(s, now));
    }
    return harepTags == null ? cluster : harepTags.settle(cluster);
  }

  private List<String> runningJobs() {
    MaintdState s = holder.get();
    List<String> unsubmitted = s.intents().stream().filter(i -> !i.submitted()).map(i -> i.job().key()).toList();
    if (!unsubmitted.isEmpty()) {
      return unsubmitted;
    }
    return checker.unfinished(s);
  }

  /**
   * Pauses every automatic action when too many nodes report faults in one poll. The guard trips
   * once per storm: after the operator resumes, it fires again only once a poll without a storm
   * has re-armed it. Whether it is armed is stored, so a restart in the middle of a storm does not
   * undo the operator's resume.
   */
  private void guardAgainstStorm(Cluster cluster, Map<String, CollectorReading> readings) {
    Map<String, Observation> observations = new HashMap<>();
    readings.forEach((node, r) -> observations.put(node, r.observation()));
    Optional<String> found = stormGuard.storm(cluster, observations);
    storm = found.orElse("");
    boolean armed = holder.get().stormArmed();
    if (found.isEmpty()) {
      if (!armed) {
        holder.update(s -> s.withStormArmed(true));
      }
      return;
    }
    if (!armed) {
      return;
    }
    holder.update(s -> (s.paused() ? s : s.withPaused(true, found.get())).withStormArmed(false));
    log.error("automatic actions paused: {}", found.get());
  }

  /**
   * Ticks go on only while {@code check} says this daemon acts for the snapshot's master; checked
   * after the previous round is closed and before anything is planned.
   */
  public void onlyWhileMaster(java.util.function.Predicate<Cluster> check) {
    this.masterCheck = check;
  }

  /** What the last tick planned, for {@code /1/plan}. */
  public PlanView lastPlan() {
    return lastPlan;
  }

  /** The storm the last poll showed, or empty. */
  public String storm() {
    return storm;
  }

  private MaintdState observe(MaintdState s, Cluster cluster, Map<String, CollectorReading> readings, Instant now) {
    Map<String, Observation> observations = new HashMap<>();
    readings.forEach((node, r) -> observations.put(node, r.observation()));
    Lifecycle.Result observed = lifecycle.observe(s.incidents(), observations, now);
    IncidentEvents.log(observed.changes());
    Map<String, Set<String>> tags = new HashMap<>();
    for (Node n : cluster.nodes()) {
      tags.put(n.name(), new HashSet<>(n.tags()));
    }
    Lifecycle.Result acked = lifecycle.acknowledge(observed.incidents(), tags, now);
    IncidentEvents.log(acked.changes());
    Set<String> open = new HashSet<>();
    acked.incidents().forEach(i -> open.add(i.node()));
    List<String> evacuated = s.evacuated().stream().filter(open::contains).toList();
    return s.withIncidents(acked.incidents()).withEvacuated(evacuated)
        .withMachines(Machines.retained(s.machines(), cluster, acked.incidents(), s.campaigns()));
  }

  private void tagFailed() {
    for (Incident inc : holder.get().incidents()) {
      if (inc.status() == IncidentStatus.FAILED && !inc.tagged()) {
        try {
          backend.addNodeTag(inc.node(), inc.tag());
          board.tagChanged(inc.node(), inc.tag(), true);
          holder.update(s -> s.withIncidents(Incidents.replace(s.incidents(), inc.uuid(), lifecycle::tagged)));
          log.info("[incident={}] [node={}] tagged {}", inc.uuid(), inc.node(), inc.tag());
        } catch (RuntimeException e) {
          log.warn("[incident={}] [node={}] cannot tag {} yet: {}", inc.uuid(), inc.node(), inc.tag(), e.getMessage());
        }
      }
    }
  }

  private void plan(Cluster cluster, List<String> running, Instant now) {
    MaintdState s = holder.get();
    String waitText = waitReason(s, running, now);
    // Balancing searches every move of every instance: only when the round can start.
    RoundPlanner p = waitText == null ? planner : plannerWithoutBalancing;
    RoundPlan plan = p.plan(cluster, s.incidents(), s.evacuated(), s.round() + 1, now, s.campaigns(), signals.view());
    holder.update(st -> st.withIncidents(withNext(st.incidents(), plan.next(), waitText))
        .withCampaigns(waitText == null ? st.campaigns() : CampaignSteps.waiting(st.campaigns(), waitText)));
    lastPlan = new PlanView(now, s.round() + 1, waitText == null ? "" : waitText, plan.jobs(), holder.get().incidents(),
        plan.items());
    if (waitText != null) {
      return;
    }
    plan.completed().forEach(uuid -> complete(uuid, now));
    Cluster tagged = harepTags == null ? cluster : harepTags.apply(cluster, plan.tagChanges());
    CampaignSteps.log(s.campaigns(), plan.campaigns());
    if (plan.jobs().isEmpty()) {
      if (!plan.campaigns().equals(s.campaigns())) {
        holder.update(st -> st.withCampaigns(plan.campaigns()));
      }
    } else {
      lastRound = now;
      log.info("[round={}] submitting {} job(s)", s.round() + 1, plan.jobs().size());
      metrics.roundStarted();
      // The campaigns' new phases are stored with the intents: a reboot planned is a reboot submitted.
      submitter.submit(plan.jobs(), now,
          st -> st.withCampaigns(plan.campaigns()).withMachines(Machines.takenOut(st.machines(), plan.jobs(), now)));
      if (harepTags != null) {
        harepTags.recordSubmitted(tagged, holder.get().intents());
      }
    }
  }

  private String waitReason(MaintdState s, List<String> running, Instant now) {
    if (!running.isEmpty()) {
      return "waiting for jobs " + String.join(", ", running) + " of round " + s.round();
    }
    if (s.paused()) {
      return "paused: " + s.pauseReason();
    }
    Duration since = Duration.between(lastRound, now);
    if (since.compareTo(s.roundDelay()) < 0) {
      return "waiting for the round delay (" + s.roundDelay().minus(since).toSeconds() + " s left)";
    }
    return null;
  }

  private static List<Incident> withNext(List<Incident> incidents, Map<UUID, String> next, String wait) {
    return incidents.stream().map(i -> {
      String text = next.getOrDefault(i.uuid(), "");
      boolean waits = wait != null && i.status().isActive() && !text.startsWith("waits:");
      return i.withNext(waits ? wait + (text.isEmpty() ? "" : "; then: " + text) : text);
    }).toList();
  }

  private void complete(UUID uuid, Instant now) {
    Incident inc = Incidents.find(holder.get().incidents(), uuid.toString()).orElseThrow();
    try {
      backend.addNodeTag(inc.node(), inc.tag());
      board.tagChanged(inc.node(), inc.tag(), true);
    } catch (RuntimeException e) {
      log.warn("[incident={}] [node={}] cannot tag {} yet: {}", uuid, inc.node(), inc.tag(), e.getMessage());
      return;
    }
    String reason = inc.next().isEmpty() ? "all actions done" : inc.next();
    holder.update(s -> {
      MaintdState t = s.withIncidents(Incidents.replace(s.incidents(), uuid, i -> lifecycle.tagged(lifecycle.completed(i, reason, now))));
      return inc.diagnosis().status().isEvacuation() && !t.evacuated().contains(inc.node())
          ? t.withEvacuated(append(t.evacuated(), inc.node())) : t;
    });
    log.info("[incident={}] [node={}] completed, tagged {}", uuid, inc.node(), inc.tag());
  }

  private static List<String> append(List<String> list, String value) {
    java.util.ArrayList<String> copy = new java.util.ArrayList<>(list);
    copy.add(value);
    return copy;
  }

  /** The operator cancels an incident: no new job for it; running jobs finish. */
  public synchronized Incident cancel(String uuid, String who) {
    Instant now = clock.instant();
    Incident inc = Incidents.find(holder.get().incidents(), uuid).orElseThrow(() -> new NoSuchIncident(uuid));
    Incident canceled = lifecycle.cancel(inc, now, "canceled by " + who);
    holder.update(s -> s.withIncidents(Incidents.replace(s.incidents(), inc.uuid(), i -> canceled)));
    log.info("[incident={}] [node={}] canceled by {}", uuid, inc.node(), who);
    return canceled;
  }

  /** The operator acknowledges an incident: its outcome tag is removed from the node. */
  public synchronized Incident acknowledge(String uuid, String who) {
    Incident inc = Incidents.find(holder.get().incidents(), uuid).orElseThrow(() -> new NoSuchIncident(uuid));
    if (!inc.tagged() || !(inc.status() == IncidentStatus.COMPLETED || inc.status() == IncidentStatus.FAILED)) {
      throw new IncidentException("incident " + uuid + " is " + inc.status().wireName()
          + " and has no outcome tag yet; only completed or failed incidents can be acknowledged");
    }
    backend.removeNodeTag(inc.node(), inc.tag());
    board.tagChanged(inc.node(), inc.tag(), false);
    log.info("[incident={}] [node={}] tag {} removed by {}", uuid, inc.node(), inc.tag(), who);
    return inc;
  }

  /** Stops (true) or restarts (false) all automatic actions; observation goes on. */
  public synchronized boolean setPaused(boolean paused, String who) {
    holder.update(s -> s.withPaused(paused, "automatic actions stopped by " + who + " (maintctl resume)"));
    log.info("automatic actions {} by {}", paused ? "paused" : "resumed", who);
    return paused;
  }

  /** Starts a campaign on the current cluster; only one campaign is under way at a time. */
  public synchronized Campaign startCampaign(CampaignSpec spec, String who) {
    Instant now = clock.instant();
    holder.get().campaigns().stream().filter(c -> c.status().isActive()).findFirst().ifPresent(c -> {
      throw new CampaignException(CampaignException.Kind.CONFLICT, "campaign " + c.id() + " is " + c.status().wireName()
          + "; abort it or wait for it to end");
    });
    Campaign created = campaignFactory.create(UUID.randomUUID().toString(), spec, backend.snapshot(), now)
        .event(now, "started", "by " + who);
    holder.update(s -> s.withCampaigns(CampaignSteps.append(s.campaigns(), created)));
    log.info("[campaign={}] started by {}: {} group(s) {}", created.id(), who, created.groups().size(), created.groups());
    return created;
  }

  /** Pauses, resumes or aborts a campaign. */
  public synchronized Campaign campaignCommand(String id, String action, String who) {
    Instant now = clock.instant();
    Campaign c = CampaignSteps.find(holder.get().campaigns(), id);
    Campaign changed = CampaignSteps.command(c, action, who, now);
    holder.update(s -> s.withCampaigns(CampaignSteps.replace(s.campaigns(), changed)));
    log.info("[campaign={}] {} by {}: now {}", id, action, who, changed.status().wireName());
    return changed;
  }

  /**
   * The operator puts machines back in service ({@code DOWN} or {@code DRAIN} → {@code UP}): each
   * is checked first, and nothing is done unless every one may go back; then each gets a job that
   * brings it back online and undrained. With {@code force}, the machines' active incidents are
   * canceled first.
   */
  public synchronized List<BroughtUp> up(List<String> hostnames, boolean force, String who) {
    Instant now = clock.instant();
    MaintdState s = holder.get();
    Map<String, Observation> reports = new HashMap<>();
    board.readings().forEach((node, r) -> reports.put(node, r.observation()));
    MachineUp rules = new MachineUp(backend.snapshot(), s.incidents(), s.machines(), s.campaigns(), reports);
    List<MachineUp.Decision.Allowed> allowed = new ArrayList<>();
    List<String> refused = new ArrayList<>();
    for (String hostname : hostnames) {
      MachineUp.Decision d = rules.decide(hostname, force, who, now);
      if (d instanceof MachineUp.Decision.Unknown u) {
        throw new MachineException(MachineException.Kind.NOT_FOUND, "no node " + u.hostname() + " in the cluster");
      } else if (d instanceof MachineUp.Decision.Refused r) {
        refused.add(r.reason());
      } else {
        allowed.add((MachineUp.Decision.Allowed) d);
      }
    }
    if (!refused.isEmpty()) {
      throw new MachineException(MachineException.Kind.CONFLICT, String.join("; ", refused));
    }
    return allowed.stream().map(a -> bringUp(a, who, now)).toList();
  }

  /** A machine put back in service: the job that does it, and the incidents canceled to force it. */
  public record BroughtUp(String node, String job, List<UUID> canceled) {}

  private BroughtUp bringUp(MachineUp.Decision.Allowed a, String who, Instant now) {
    for (UUID uuid : a.cancels()) {
      holder.update(s -> s.withIncidents(Incidents.replace(s.incidents(), uuid,
          i -> lifecycle.cancel(i, now, "canceled: " + a.node() + " put back in service by " + who + " (forced)"))));
      log.info("[incident={}] [node={}] canceled: the node is put back in service by {} (forced)", uuid, a.node(), who);
    }
    String id = backend.submit(a.job());
    log.info("[node={}] [job={}] submitted: {}", a.node(), id, a.job().reason().text());
    return new BroughtUp(a.node(), id, a.cancels());
  }

  /** Pending intents and jobs, for {@code /1/jobs}. */
  public List<String> jobs() {
    return holder.get().intents().stream().filter(Intent::submitted).map(Intent::jobId).toList();
  }

  /** No incident with that uuid. */
  public static final class NoSuchIncident extends RuntimeException {
    public NoSuchIncident(String uuid) {
      super("no incident " + uuid);
    }
  }
}
