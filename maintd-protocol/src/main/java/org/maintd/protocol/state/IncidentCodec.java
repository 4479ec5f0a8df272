package org.maintd.protocol.state;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.maintd.diagnose.DiagnoseParser;
import org.maintd.diagnose.Diagnosis;
import org.maintd.incident.HistoryEntry;
import org.maintd.incident.Incident;
import org.maintd.incident.IncidentStatus;

/**
 * An incident's wire form, as Ganeti's maintd writes it ({@code uuid}, {@code node}, {@code
 * original}, {@code action}, {@code repair-status}, {@code jobs}, {@code tag}, {@code ctime},
 * {@code mtime}, {@code serial_no}) plus {@code id}, {@code history} and {@code next}. Used for
 * both the HTTP API and the state file. Times are seconds since the epoch, as in Ganeti.
 */
public final class IncidentCodec {
  private final DiagnoseParser parser = new DiagnoseParser();

  public Map<String, Object> write(Incident i) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("uuid", i.uuid().toString());
    m.put("id", i.uuid().toString());
    m.put("node", i.node());
    m.put("original", i.diagnosis().original());
    m.put("action", i.diagnosis().status().wireName());
    m.put("repair-status", i.status().wireName());
    m.put("jobs", i.jobs());
    m.put("tag", i.tag());
    m.put("ctime", seconds(i.ctime()));
    m.put("mtime", seconds(i.mtime()));
    m.put("serial_no", i.serial());
    m.put("next", i.next());
    m.put("observed", i.observed());
    m.put("tagged", i.tagged());
    m.put("acknowledged", i.acknowledged());
    List<Map<String, Object>> history = new ArrayList<>();
    for (HistoryEntry h : i.history()) {
      Map<String, Object> e = new LinkedHashMap<>();
      e.put("time", seconds(h.at()));
      e.put("event", h.event());
      e.put("reason", h.reason());
      history.add(e);
    }
    m.put("history", history);
    return m;
  }

  public Incident read(Object json) {
    Fields f = new Fields("incident", json);
    Diagnosis diagnosis = parser.parseCommandOutput(f.raw("original"));
    List<HistoryEntry> history = new ArrayList<>();
    for (Object e : f.list("history")) {
      Fields h = new Fields("incident history entry", e);
      history.add(new HistoryEntry(instant(h.number("time")), h.string("event"), h.string("reason")));
    }
    List<String> jobs = f.list("jobs").stream().map(String::valueOf).toList();
    return new Incident(UUID.fromString(f.string("uuid")), f.string("node"), diagnosis,
        IncidentStatus.parse(f.string("repair-status")), jobs, instant(f.number("ctime")),
        instant(f.number("mtime")), (long) f.number("serial_no"), history, f.optString("next"),
        f.bool("observed"), f.bool("tagged"), f.bool("acknowledged"));
  }

  public static double seconds(Instant t) {
    return t.getEpochSecond() + t.getNano() / 1e9;
  }

  public static Instant instant(double seconds) {
    long s = (long) Math.floor(seconds);
    return Instant.ofEpochSecond(s, Math.round((seconds - s) * 1e9));
  }
}
