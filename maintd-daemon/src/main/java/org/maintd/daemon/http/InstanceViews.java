package org.maintd.daemon.http;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Instance;
import org.maintd.harep.HarepTagException;
import org.maintd.harep.RepairState;

/**
 * The JSON of {@code /1/instances}: one object per instance of the latest snapshot, with its
 * auto-repair state as harep names it ({@code Healthy}, {@code Pending repair}, {@code Failure}).
 */
final class InstanceViews {
  private InstanceViews() {}

  static List<Map<String, Object>> of(Cluster cluster) {
    List<Map<String, Object>> list = new ArrayList<>();
    if (cluster == null) {
      return list;
    }
    for (Instance i : cluster.instances()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("name", i.name());
      m.put("primary_node", i.primary());
      m.put("secondary_node", i.secondary());
      m.put("disk_template", i.diskTemplate().wireName());
      m.put("status", i.status().name());
      m.put("tags", i.tags());
      m.put("auto_repair", autoRepair(i));
      list.add(m);
    }
    return list;
  }

  private static String autoRepair(Instance i) {
    try {
      RepairState s = RepairState.of(i.name(), i.tags());
      return s instanceof RepairState.Pending ? "Pending repair" : s instanceof RepairState.Failed ? "Failure" : "Healthy";
    } catch (HarepTagException e) {
      return "error: " + e.getMessage();
    }
  }
}
