package org.maintd.daemon.http;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;
import org.maintd.protocol.state.IncidentCodec;
import org.maintd.incident.Incident;
import org.maintd.machine.Machine;
import org.maintd.machine.MachineMode;
import org.maintd.machine.Machines;
import org.maintd.spi.CollectorReading;
import org.maintd.spi.MaintdState;

/**
 * The JSON of {@code /1/nodes}: one object per node of the latest snapshot, each saying whether
 * automatic actions are paused and why, and, for a node maintd has taken out of service, since
 * when, by which incident or campaign, and why ({@code taken_out}).
 */
final class NodeViews {
  private NodeViews() {}

  static List<Map<String, Object>> of(Cluster cluster, Map<String, CollectorReading> readings, MaintdState state) {
    List<Map<String, Object>> list = new ArrayList<>();
    if (cluster == null) {
      return list;
    }
    for (Node n : cluster.nodes()) {
      Map<String, Object> m = view(cluster, n, readings.get(n.name()), state.incidents());
      m.put("taken_out", Machines.find(state.machines(), n.name()).map(NodeViews::machine).orElse(null));
      m.put("paused", state.paused());
      m.put("pause_reason", state.pauseReason());
      list.add(m);
    }
    return list;
  }

  private static Map<String, Object> view(Cluster c, Node n, CollectorReading r, List<Incident> incidents) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", n.name());
    m.put("group", c.groupByUuid(n.group()).map(g -> g.name()).orElse(n.group()));
    m.put("master", n.master());
    m.put("offline", n.offline());
    m.put("drained", n.drained());
    m.put("master_candidate", n.flags().masterCandidate());
    m.put("mode", MachineMode.of(n).name());
    m.put("tags", n.tags());
    m.put("primary_instances", c.primariesOf(n.name()).stream().map(Instance::name).toList());
    m.put("secondary_instances", c.secondariesOf(n.name()).stream().map(Instance::name).toList());
    m.put("memory_free", n.resources().memFree());
    m.put("disk_free", n.resources().diskFree());
    m.put("incidents", incidents.stream().filter(i -> i.node().equals(n.name())).map(i -> i.uuid().toString()).toList());
    m.put("collector", r == null ? Map.of("health", "not-polled-yet") : collector(r));
    m.put("last_report", r == null ? null : IncidentCodec.seconds(r.at()));
    return m;
  }

  private static Map<String, Object> machine(Machine machine) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("since", IncidentCodec.seconds(machine.since()));
    m.put("by", machine.owner());
    m.put("reason", machine.reason());
    return m;
  }

  private static Map<String, Object> collector(CollectorReading r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("health", r.health());
    m.put("detail", r.detail());
    m.put("time", IncidentCodec.seconds(r.at()));
    return m;
  }
}
