package org.maintd.daemon.http;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.maintd.protocol.state.IncidentCodec;
import org.maintd.protocol.state.Mappers;
import org.maintd.daemon.round.PlanView;
import org.maintd.incident.Incident;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.plan.PlanItem;

/** The JSON of {@code GET /1/plan}. */
final class PlanJson {
  private PlanJson() {}

  static Map<String, Object> of(PlanView plan) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("time", plan.at() == null ? null : IncidentCodec.seconds(plan.at()));
    m.put("round", plan.round());
    m.put("held_back", plan.heldBack());
    List<Map<String, Object>> jobs = new ArrayList<>();
    for (JobSpec j : plan.jobs()) {
      Map<String, Object> job = new LinkedHashMap<>();
      job.put("key", j.key());
      job.put("owner", j.owner());
      List<Map<String, Object>> ops = new ArrayList<>();
      for (Operation op : j.operations()) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("kind", op.kind());
        o.putAll(Mappers.RECORDS.convertValue(op, Map.class));
        ops.add(o);
      }
      job.put("operations", ops);
      job.put("reason", j.reason().text());
      jobs.add(job);
    }
    m.put("jobs", jobs);
    List<Map<String, Object>> items = new ArrayList<>();
    for (Incident i : plan.incidents()) {
      Map<String, Object> item = new LinkedHashMap<>();
      item.put("kind", "incident");
      item.put("uuid", i.uuid().toString());
      item.put("node", i.node());
      item.put("action", i.diagnosis().status().wireName());
      item.put("status", i.status().wireName());
      item.put("next", i.next());
      items.add(item);
    }
    for (PlanItem p : plan.items()) {
      Map<String, Object> item = new LinkedHashMap<>();
      item.put("kind", p.kind());
      item.put("uuid", p.id());
      item.put("node", null);
      item.put("action", null);
      item.put("status", null);
      item.put("next", p.next());
      items.add(item);
    }
    m.put("items", items);
    return m;
  }
}
