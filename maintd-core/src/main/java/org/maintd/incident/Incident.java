package org.maintd.incident;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import org.maintd.diagnose.Diagnosis;

/**
 * One fault of one node, from its first report until it is forgotten. Immutable; every change makes
 * a new value with a higher serial number. {@code observed} says whether the last trustworthy
 * report of the node still carried this fault; {@code tagged} whether the node tag of its outcome
 * has been set on the node; {@code acknowledged} whether the operator removed the {@code
 * repairready} tag while the fault was still reported. Its single-value withers are generated.
 */
@RecordBuilder
public record Incident(
    UUID uuid,
    String node,
    Diagnosis diagnosis,
    IncidentStatus status,
    List<String> jobs,
    Instant ctime,
    Instant mtime,
    long serial,
    List<HistoryEntry> history,
    String next,
    boolean observed,
    boolean tagged,
    boolean acknowledged)
    implements IncidentBuilder.With {

  public static final String READY_TAG_PREFIX = "maintd:repairready:";
  public static final String FAILED_TAG_PREFIX = "maintd:repairfailed:";

  public Incident {
    Objects.requireNonNull(uuid, "uuid");
    Objects.requireNonNull(node, "node");
    Objects.requireNonNull(diagnosis, "diagnosis");
    Objects.requireNonNull(status, "status");
    jobs = List.copyOf(jobs);
    history = List.copyOf(history);
    next = next == null ? "" : next;
  }

  public static Incident noted(UUID uuid, String node, Diagnosis diagnosis, Instant now) {
    HistoryEntry first =
        new HistoryEntry(now, "noted", "node reported " + diagnosis.status().wireName());
    return new Incident(
        uuid,
        node,
        diagnosis,
        IncidentStatus.NOTED,
        List.of(),
        now,
        now,
        1,
        List.of(first),
        "",
        true,
        false,
        false);
  }

  /** The tag this incident has added, or will add on success. */
  public String tag() {
    return (status == IncidentStatus.FAILED ? FAILED_TAG_PREFIX : READY_TAG_PREFIX) + uuid;
  }

  /** Same fault as {@code other}: same node and same diagnose object, key order ignored. */
  public boolean sameFault(String otherNode, Diagnosis other) {
    return node.equals(otherNode) && diagnosis.original().equals(other.original());
  }

  Incident moveTo(IncidentStatus newStatus, Instant now, String reason) {
    return change(newStatus, jobs, now, newStatus.wireName(), reason);
  }

  Incident change(
      IncidentStatus newStatus, List<String> newJobs, Instant now, String event, String reason) {
    List<HistoryEntry> h = new ArrayList<>(history);
    h.add(new HistoryEntry(now, event, reason));
    return with(b -> b.status(newStatus).jobs(newJobs).mtime(now).serial(serial + 1).history(h));
  }

  /** The operator removed the {@code repairready} tag while the fault was still reported. */
  Incident acknowledge(Instant now) {
    return change(status, jobs, now, "acknowledged", "repairready tag removed")
        .withAcknowledged(true);
  }
}
