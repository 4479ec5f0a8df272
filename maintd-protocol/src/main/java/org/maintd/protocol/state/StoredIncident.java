package org.maintd.protocol.state;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.maintd.diagnose.DiagnoseFormatException;
import org.maintd.diagnose.DiagnoseParser;
import org.maintd.diagnose.DiagnoseStatus;
import org.maintd.diagnose.Diagnosis;
import org.maintd.incident.Incident;
import org.maintd.incident.IncidentStatus;
import org.maintd.job.JobIds;
import org.maintd.protocol.api.IncidentEvent;
import org.maintd.protocol.api.Times;

/**
 * An incident as the state file keeps it: the fields of {@code /1/status} but with the node by name
 * and every job id as a string (Ganeti job numbers and the {@code repair:<key>} ids of repairs run
 * by a collector alike), so that the file reads back without a cluster. Times are seconds since the
 * epoch, as in Ganeti.
 */
public record StoredIncident(
    String uuid,
    String id,
    String node,
    Map<String, Object> original,
    String action,
    @JsonProperty("repair-status") String repairStatus,
    List<String> jobs,
    String tag,
    double ctime,
    double mtime,
    @JsonProperty("serial_no") long serialNo,
    String next,
    boolean observed,
    boolean tagged,
    boolean acknowledged,
    List<IncidentEvent> history) {

  public static StoredIncident of(Incident i) {
    return new StoredIncident(
        i.uuid().toString(),
        i.uuid().toString(),
        i.node(),
        i.diagnosis().original(),
        i.diagnosis().status().wireName(),
        i.status().wireName(),
        i.jobs(),
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

  /**
   * The incident back; an {@link IllegalArgumentException} naming the field (its path within the
   * incident) and the value that cannot be read: a missing one, or one maintd does not know.
   */
  public Incident incident() {
    Diagnosis diagnosis = diagnosis();
    return new Incident(
        parsedUuid(),
        BadField.required("node", node),
        diagnosis,
        BadField.known("repair-status", IncidentStatus.class, repairStatus),
        jobs == null ? List.of() : JobIds.each(jobs),
        Times.instant(ctime),
        Times.instant(mtime),
        serialNo,
        history == null ? List.of() : history.stream().map(IncidentEvent::entry).toList(),
        next,
        observed,
        tagged,
        acknowledged);
  }

  private UUID parsedUuid() {
    String text = BadField.required("uuid", uuid);
    try {
      return UUID.fromString(text);
    } catch (IllegalArgumentException e) {
      throw new BadField("uuid", "'" + text + "' is not a uuid");
    }
  }

  /**
   * The diagnosis from {@code original}; {@code action}, written beside it, must be the action it
   * asks for.
   */
  private Diagnosis diagnosis() {
    Object status = BadField.required("original", original).get("status");
    DiagnoseStatus asked =
        BadField.known(
            "original.status", DiagnoseStatus.class, status == null ? null : status.toString());
    if (action != null && BadField.known("action", DiagnoseStatus.class, action) != asked) {
      throw new BadField(
          "action", "'" + action + "' is not what original.status asks for ('" + status + "')");
    }
    try {
      return new DiagnoseParser().parseCommandOutput(original);
    } catch (DiagnoseFormatException e) {
      throw new BadField("original", e.getMessage());
    }
  }
}
