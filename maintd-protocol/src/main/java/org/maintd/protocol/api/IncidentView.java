package org.maintd.protocol.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.maintd.incident.Incident;

/**
 * An incident as {@code /1/status} and {@code /1/incidents/<uuid>} show it. Ganeti's maintd fields
 * keep the shape ganeti-maintd gives them: {@code uuid}, {@code node} (the node's name, as
 * ganeti-maintd writes it), {@code original}, {@code action}, {@code repair-status}, {@code jobs}
 * (Ganeti job numbers only), {@code tag}, {@code ctime}, {@code mtime}, {@code serial_no}. maintd's
 * additions have their own names: {@code id} (the uuid again, as the design names it), {@code
 * node_uuid} (the node's uuid, which the design names as {@code node}; null while the daemon has no
 * snapshot of the cluster or the node has left it), {@code repairs} (the ids of repairs a node's
 * collector runs and of other work that is no Ganeti job), {@code next}, what the daemon knows of
 * it ({@code observed}, {@code tagged}, {@code acknowledged}) and its {@code history}. Times are
 * seconds since the epoch, as in Ganeti.
 */
public record IncidentView(
    String uuid,
    String id,
    String node,
    @JsonProperty("node_uuid") String nodeUuid,
    Map<String, Object> original,
    String action,
    @JsonProperty("repair-status") String repairStatus,
    List<Long> jobs,
    List<String> repairs,
    String tag,
    double ctime,
    double mtime,
    @JsonProperty("serial_no") long serialNo,
    String next,
    boolean observed,
    boolean tagged,
    boolean acknowledged,
    List<IncidentEvent> history) {

  /** {@code i} as shown, its node's uuid given ({@code null} when unknown). */
  public static IncidentView of(Incident i, String nodeUuid) {
    return new IncidentView(
        i.uuid().toString(),
        i.uuid().toString(),
        i.node(),
        nodeUuid,
        i.diagnosis().original(),
        i.diagnosis().status().wireName(),
        i.status().wireName(),
        JobNumbers.of(i.jobs()),
        JobNumbers.others(i.jobs()),
        i.tag(),
        Times.seconds(i.ctime()),
        Times.seconds(i.mtime()),
        i.serial(),
        i.next(),
        i.observed(),
        i.tagged(),
        i.acknowledged(),
        IncidentEvent.of(i.history()));
  }

  /** Every id of work done for it: Ganeti's job numbers, then the repairs' ids. */
  public List<String> allJobs() {
    List<String> all = new ArrayList<>();
    if (jobs != null) {
      jobs.forEach(j -> all.add(Long.toString(j)));
    }
    if (repairs != null) {
      all.addAll(repairs);
    }
    return all;
  }
}
