package org.maintd.protocol.state;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import com.fasterxml.jackson.core.type.TypeReference;
import org.maintd.campaign.Campaign;
import org.maintd.incident.Incident;
import org.maintd.job.JobSpec;
import org.maintd.machine.Machine;
import org.maintd.spi.Intent;
import org.maintd.spi.MaintdState;
import org.maintd.protocol.json.Json;

/**
 * The state file's JSON: Ganeti's {@code maintenance} object ({@code roundDelay}, {@code jobs},
 * {@code balance}, {@code balanceThreshold}, {@code evacuated}, {@code incidents}, {@code ctime},
 * {@code mtime}, {@code serial_no}) plus {@code intents}, {@code paused}, {@code pause_reason}, {@code round}, {@code campaigns} and
 * {@code machines} (the nodes maintd has taken out of service).
 * Thread-safe.
 */
public final class StateCodec {
  private static final TypeReference<List<Campaign>> CAMPAIGNS = new TypeReference<>() {};
  private final IncidentCodec incidents = new IncidentCodec();

  public String write(MaintdState s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("roundDelay", s.roundDelay().toSeconds());
    m.put("jobs", s.jobs());
    m.put("balance", s.balance());
    m.put("balanceThreshold", s.balanceThreshold());
    m.put("evacuated", s.evacuated());
    m.put("incidents", s.incidents().stream().map(incidents::write).toList());
    m.put("ctime", IncidentCodec.seconds(s.ctime()));
    m.put("mtime", IncidentCodec.seconds(s.mtime()));
    m.put("serial_no", s.serial());
    List<Map<String, Object>> intents = new ArrayList<>();
    for (Intent i : s.intents()) {
      Map<String, Object> e = new LinkedHashMap<>();
      e.put("job", Mappers.RECORDS.convertValue(i.job(), Map.class));
      e.put("job_id", i.jobId());
      intents.add(e);
    }
    m.put("intents", intents);
    m.put("paused", s.paused());
    m.put("pause_reason", s.pauseReason());
    m.put("round", s.round());
    m.put("campaigns", Mappers.RECORDS.convertValue(s.campaigns(), List.class));
    m.put("machines", s.machines().stream().map(StateCodec::machine).toList());
    m.put("storm_armed", s.stormArmed());
    return Json.write(m);
  }

  /** Parses a state file; throws {@link IllegalArgumentException} naming what is wrong. */
  public MaintdState read(String text) {
    Object parsed;
    try {
      parsed = Json.parse(text);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not valid JSON: " + e.getOriginalMessage());
    }
    Fields f = new Fields("state", parsed);
    List<Incident> list = new ArrayList<>();
    for (Object o : f.list("incidents")) {
      list.add(incidents.read(o));
    }
    List<Intent> intents = new ArrayList<>();
    for (Object o : f.list("intents")) {
      Fields e = new Fields("intent", o);
      intents.add(new Intent(Mappers.RECORDS.convertValue(e.raw("job"), JobSpec.class), e.optString("job_id")));
    }
    return new MaintdState(Duration.ofSeconds((long) f.number("roundDelay")),
        f.list("jobs").stream().map(String::valueOf).toList(), f.bool("balance"),
        f.number("balanceThreshold"), f.list("evacuated").stream().map(String::valueOf).toList(),
        list, IncidentCodec.instant(f.number("ctime")), IncidentCodec.instant(f.number("mtime")),
        (long) f.number("serial_no"), intents, f.bool("paused"),
        f.optString("pause_reason"), (long) f.number("round"), campaigns(f), machines(f),
        f.optional("storm_armed") == null || f.bool("storm_armed"));
  }

  private static Map<String, Object> machine(Machine m) {
    Map<String, Object> e = new LinkedHashMap<>();
    e.put("node", m.node());
    e.put("since", IncidentCodec.seconds(m.since()));
    e.put("owner", m.owner());
    e.put("reason", m.reason());
    return e;
  }

  private static List<Machine> machines(Fields f) {
    List<Machine> out = new ArrayList<>();
    for (Object o : f.list("machines")) {
      Fields m = new Fields("machine", o);
      out.add(new Machine(m.string("node"), IncidentCodec.instant(m.number("since")), m.optString("owner"),
          m.optString("reason")));
    }
    return out;
  }

  private static List<Campaign> campaigns(Fields f) {
    Object raw = f.optional("campaigns");
    if (raw == null) {
      return List.of();
    }
    try {
      return Mappers.RECORDS.convertValue(raw, CAMPAIGNS);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("state: 'campaigns' is not a list of campaigns: " + e.getMessage());
    }
  }
}
