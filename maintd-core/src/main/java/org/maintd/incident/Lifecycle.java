package org.maintd.incident;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;
import org.maintd.diagnose.Diagnosis;
import org.maintd.job.JobIds;

/**
 * The incident lifecycle of the design, as pure functions from a list of incidents to the next
 * list. A noted incident for which nothing was submitted or planned closes as soon as its node no
 * longer reports it, whether the node now reports {@code Ok} or another fault, paused or not; so is
 * a canceled one, and a completed one the operator acknowledged, forgotten. One with a planned job
 * (a stored intent, which a crash may have left submitted but not yet recorded) stays until the job
 * is resolved, so that no job of the cluster goes unwatched. Each call returns the new list and the
 * changes made, so callers can log and count them. Stateless and thread-safe; uuids come from the
 * supplier given at construction.
 */
public final class Lifecycle {
  private final Supplier<UUID> uuids;

  public Lifecycle(Supplier<UUID> uuids) {
    this.uuids = uuids;
  }

  /** The outcome of a lifecycle step. */
  public record Result(List<Incident> incidents, List<Change> changes) {}

  /** Applies one poll's observations, node by node; nodes not in the map are left alone. */
  public Result observe(List<Incident> incidents, Map<String, Observation> byNode, Instant now) {
    return observe(incidents, byNode, Set.of(), now);
  }

  /**
   * Applies one poll's observations, node by node, with the uuids of the incidents that have a
   * planned job ({@code planned}): those are never closed.
   */
  public Result observe(
      List<Incident> incidents, Map<String, Observation> byNode, Set<String> planned, Instant now) {
    List<Incident> list = new ArrayList<>(incidents);
    List<Change> changes = new ArrayList<>();
    byNode.forEach(
        (node, observation) -> observeNode(list, changes, node, observation, planned, now));
    return new Result(List.copyOf(list), changes);
  }

  private void observeNode(
      List<Incident> list,
      List<Change> changes,
      String node,
      Observation observation,
      Set<String> planned,
      Instant now) {
    if (observation instanceof Observation.Fault fault) {
      fault(list, changes, node, fault.diagnosis(), planned, now);
    } else if (observation instanceof Observation.Clear) {
      clear(list, changes, node, planned, now);
    }
  }

  /** Whether {@code inc} may close: noted, with nothing submitted and nothing planned. */
  private static boolean closable(Incident inc, Set<String> planned) {
    return inc.status() == IncidentStatus.NOTED
        && inc.jobs().isEmpty()
        && !planned.contains(inc.uuid().toString());
  }

  private void fault(
      List<Incident> list,
      List<Change> changes,
      String node,
      Diagnosis diagnosis,
      Set<String> planned,
      Instant now) {
    for (int i = list.size() - 1; i >= 0; i--) {
      Incident inc = list.get(i);
      if (!inc.node().equals(node)) {
        continue;
      }
      boolean same = inc.sameFault(node, diagnosis);
      Optional<Change.Kind> gone = same ? Optional.empty() : goneWhenUnobserved(inc, planned);
      if (gone.isPresent()) {
        list.remove(i);
        changes.add(
            new Change(
                inc.uuid(),
                node,
                gone.get(),
                "no longer reported: the node now reports " + diagnosis.status().wireName()));
      } else {
        list.set(i, inc.withObserved(same));
      }
    }
    if (list.stream().noneMatch(inc -> inc.sameFault(node, diagnosis))) {
      Incident created = Incident.noted(uuids.get(), node, diagnosis, now);
      list.add(created);
      changes.add(
          new Change(created.uuid(), node, Change.Kind.NOTED, diagnosis.status().wireName()));
    }
    supersede(list, changes, node, now);
  }

  /** A newer, more invasive incident cancels the older, less invasive active ones of the node. */
  private static void supersede(
      List<Incident> list, List<Change> changes, String node, Instant now) {
    Optional<Incident> top = actedOn(list, node);
    if (top.isEmpty()) {
      return;
    }
    Incident winner = top.get();
    int winnerIndex = list.indexOf(winner);
    for (int i = 0; i < winnerIndex; i++) {
      Incident inc = list.get(i);
      if (inc.node().equals(node)
          && inc.status().isActive()
          && winner.diagnosis().status().moreInvasiveThan(inc.diagnosis().status())) {
        String reason =
            "superseded by " + winner.uuid() + " (" + winner.diagnosis().status().wireName() + ")";
        list.set(i, inc.moveTo(IncidentStatus.CANCELED, now, reason));
        changes.add(new Change(inc.uuid(), node, Change.Kind.SUPERSEDED, reason));
      }
    }
  }

  /** The node's active incident that the daemon acts on: the most invasive, then the oldest. */
  public static Optional<Incident> actedOn(List<Incident> incidents, String node) {
    return incidents.stream()
        .filter(i -> i.node().equals(node) && i.status().isActive())
        .max(
            Comparator.<Incident, Integer>comparing(i -> i.diagnosis().status().ordinal())
                .thenComparing(Incident::ctime, Comparator.reverseOrder()));
  }

  private static void clear(
      List<Incident> list, List<Change> changes, String node, Set<String> planned, Instant now) {
    for (int i = list.size() - 1; i >= 0; i--) {
      Incident inc = list.get(i).withObserved(false);
      if (!inc.node().equals(node)) {
        continue;
      }
      list.set(i, inc);
      Optional<Change.Kind> gone = goneWhenUnobserved(inc, planned);
      if (gone.isPresent()) {
        list.remove(i);
        changes.add(new Change(inc.uuid(), node, gone.get(), "no longer reported"));
      }
    }
  }

  /**
   * What becomes of an incident whose fault its node no longer reports (it reports {@code Ok} or
   * another fault): a closable noted one is closed, a canceled one and an acknowledged completed
   * one are forgotten; the others stay.
   */
  private static Optional<Change.Kind> goneWhenUnobserved(Incident inc, Set<String> planned) {
    return switch (inc.status()) {
      case NOTED -> closable(inc, planned) ? Optional.of(Change.Kind.CLOSED) : Optional.empty();
      case CANCELED -> Optional.of(Change.Kind.FORGOTTEN);
      case COMPLETED -> inc.acknowledged() ? Optional.of(Change.Kind.FORGOTTEN) : Optional.empty();
      case PENDING, FAILED -> Optional.empty();
    };
  }

  /**
   * Applies the operator's acknowledgements, read from the nodes' tags: a removed {@code
   * repairfailed} tag forgets the incident at once; a removed {@code repairready} tag forgets it
   * once the fault is no longer reported. Only tags the daemon has set count.
   */
  public Result acknowledge(
      List<Incident> incidents, Map<String, Set<String>> nodeTags, Instant now) {
    List<Incident> list = new ArrayList<>();
    List<Change> changes = new ArrayList<>();
    for (Incident inc : incidents) {
      Set<String> tags = nodeTags.get(inc.node());
      boolean tagGone = inc.tagged() && (tags == null || !tags.contains(inc.tag()));
      if (!tagGone || inc.acknowledged()) {
        list.add(inc);
      } else if (inc.status() == IncidentStatus.FAILED || !inc.observed()) {
        changes.add(
            new Change(inc.uuid(), inc.node(), Change.Kind.FORGOTTEN, inc.tag() + " removed"));
      } else if (inc.status() == IncidentStatus.COMPLETED) {
        list.add(inc.acknowledge(now));
        changes.add(
            new Change(inc.uuid(), inc.node(), Change.Kind.ACKNOWLEDGED, inc.tag() + " removed"));
      } else {
        list.add(inc);
      }
    }
    return new Result(List.copyOf(list), changes);
  }

  /** The operator orders the daemon to ignore an incident; running jobs finish. */
  public Incident cancel(Incident inc, Instant now, String reason) {
    if (!inc.status().isActive()) {
      throw new IncidentException(
          "incident "
              + inc.uuid()
              + " is "
              + inc.status().wireName()
              + "; only noted or pending incidents can be canceled");
    }
    return inc.moveTo(IncidentStatus.CANCELED, now, reason);
  }

  /** Jobs were submitted for the incident: each of the cluster's jobs is recorded in order. */
  public Incident submitted(Incident inc, List<String> jobIds, String what, Instant now) {
    List<String> each = JobIds.each(jobIds);
    List<String> jobs = new ArrayList<>(inc.jobs());
    jobs.addAll(each);
    IncidentStatus next =
        inc.status() == IncidentStatus.NOTED ? IncidentStatus.PENDING : inc.status();
    return inc.change(
        next, jobs, now, "submitted", what + " (jobs " + String.join(", ", each) + ")");
  }

  /** A job of the incident failed: nothing more is done; the node gets the repairfailed tag. */
  public Incident failed(Incident inc, String reason, Instant now) {
    if (inc.status() == IncidentStatus.CANCELED) {
      return inc.change(inc.status(), inc.jobs(), now, "job-failed", reason);
    }
    return inc.moveTo(IncidentStatus.FAILED, now, reason).withTagged(false);
  }

  /** Every action succeeded: the node gets the repairready tag. */
  public Incident completed(Incident inc, String reason, Instant now) {
    return inc.moveTo(IncidentStatus.COMPLETED, now, reason).withTagged(false);
  }

  /** The outcome tag of a completed or failed incident is now on the node. */
  public Incident tagged(Incident inc) {
    return inc.withTagged(true);
  }
}
