package org.maintd.balance;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.Instance;
import org.maintd.cluster.InstanceStatus;

/**
 * Nodes and instances for the node-check tables, written as {@code key=value} words over a
 * baseline, and a node's running sums as a map to compare.
 *
 * <p>The baseline node has 10000 MiB of memory, 1000 for its own system and none for instances
 * (9000 unallocated, 9000 free "forth"), 10000 MiB of disk all free, 4 CPUs with a vCPU ratio of 4
 * (16 vCPUs), a spindle limit of 8, no N+1 reservation, no exclusive storage. The baseline instance
 * is a running DRBD instance of 1000 MiB memory, 1000 MiB disk, 1 vCPU and 1 spindle in use, of
 * unknown spindles, not forthcoming, auto-balanced, without exclusion tags.
 */
final class NodeSpec {
  private NodeSpec() {}

  static Map<String, String> words(String spec) {
    Map<String, String> out = new LinkedHashMap<>();
    if (spec == null) {
      return out;
    }
    for (String w : spec.trim().split("\\s+")) {
      if (w.isEmpty()) {
        continue;
      }
      int eq = w.indexOf('=');
      if (eq < 0) {
        throw new IllegalArgumentException("not key=value: " + w);
      }
      out.put(w.substring(0, eq), w.substring(eq + 1));
    }
    return out;
  }

  static NodeState node(String spec) {
    Map<String, String> w = words(spec);
    NodeState n =
        new NodeState(
            0,
            "node",
            false,
            lng(w, "tMem", 10000),
            lng(w, "nMem", 1000),
            lng(w, "xMem", 0),
            lng(w, "tDsk", 10000),
            dbl(w, "tCpu", 4),
            1.0,
            bool(w, "exclusive"),
            lng(w, "tSpindles", 1),
            dbl(w, "hiSpindles", 8),
            dbl(w, "vcpuRatio", 4),
            strings(w, "locations"),
            strings(w, "migTags"),
            strings(w, "recvMigTags"));
    n.iMem = lng(w, "iMem", 0);
    n.fMemForth = lng(w, "fMemForth", 9000);
    n.fDsk = lng(w, "fDsk", 10000);
    n.fDskForth = lng(w, "fDskForth", 10000);
    n.fSpindles = lng(w, "fSpindles", 0);
    n.uCpu = lng(w, "uCpu", 0);
    n.uCpuForth = lng(w, "uCpuForth", 0);
    n.instSpindles = dbl(w, "instSpindles", 0);
    n.instSpindlesForth = dbl(w, "instSpindlesForth", 0);
    n.primaries = (int) lng(w, "primaries", 0);
    n.secondaries = (int) lng(w, "secondaries", 0);
    n.rMem = lng(w, "rMem", 0);
    n.failN1 = bool(w, "failN1");
    for (String t : strings(w, "tags")) {
      n.exclusionTags.put(t, 1);
    }
    for (String p : strings(w, "peers")) {
      String[] kv = p.split(":");
      n.peers.put(Integer.parseInt(kv[0]), Long.parseLong(kv[1]));
    }
    return n;
  }

  static BalanceInstance instance(String spec) {
    Map<String, String> w = words(spec);
    DiskTemplate t = DiskTemplate.parse(w.getOrDefault("template", "drbd"));
    Instance i =
        new Instance(
            "inst",
            "",
            lng(w, "mem", 1000),
            lng(w, "disk", 1000),
            (int) lng(w, "vcpus", 1),
            InstanceStatus.parse(w.getOrDefault("status", "running")),
            !"N".equals(w.get("autoBalance")),
            "a",
            t.mobility() == DiskTemplate.Mobility.INTERNALLY_MIRRORED ? "b" : "",
            t,
            List.of(),
            (int) lng(w, "spindleUse", 1),
            w.getOrDefault("spindles", "-"),
            bool(w, "forthcoming"));
    return new BalanceInstance(0, i, 0, 1, new ArrayList<>(strings(w, "tags")), Set.of(), true);
  }

  /** Every running sum of a node, by name. */
  static Map<String, Object> sums(NodeState n) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("iMem", n.iMem);
    m.put("fMemForth", n.fMemForth);
    m.put("fDsk", n.fDsk);
    m.put("fDskForth", n.fDskForth);
    m.put("fSpindles", n.fSpindles);
    m.put("uCpu", n.uCpu);
    m.put("uCpuForth", n.uCpuForth);
    m.put("instSpindles", n.instSpindles);
    m.put("instSpindlesForth", n.instSpindlesForth);
    m.put("primaries", n.primaries);
    m.put("secondaries", n.secondaries);
    m.put("rMem", n.rMem);
    m.put("failN1", n.failN1);
    m.put("locationScore", n.locationScore);
    m.put("peers", n.peers.asMap());
    m.put("exclusionTags", new TreeMap<>(n.exclusionTags));
    m.put("locationExclusion", new TreeMap<>(n.locationExclusion));
    return m;
  }

  /**
   * {@code sums} of {@code before} as text, with the words of {@code changes} put over it (maps are
   * written without spaces: {@code {a=1,b=2}}).
   */
  static Map<String, String> expected(Map<String, Object> before, String changes) {
    Map<String, String> m = text(before);
    words(changes)
        .forEach(
            (k, v) -> {
              if (!m.containsKey(k)) {
                throw new IllegalArgumentException("no such sum: " + k);
              }
              m.put(k, v);
            });
    return m;
  }

  /** The sums named in {@code changes}, as text. */
  static Map<String, String> named(Map<String, Object> sums, String changes) {
    Map<String, String> all = text(sums);
    Map<String, String> m = new LinkedHashMap<>();
    for (String k : words(changes).keySet()) {
      if (!all.containsKey(k)) {
        throw new IllegalArgumentException("no such sum: " + k);
      }
      m.put(k, all.get(k));
    }
    return m;
  }

  static Map<String, String> text(Map<String, Object> sums) {
    Map<String, String> m = new LinkedHashMap<>();
    sums.forEach((k, v) -> m.put(k, String.valueOf(v).replace(", ", ",")));
    return m;
  }

  private static long lng(Map<String, String> w, String key, long dflt) {
    return w.containsKey(key) ? Long.parseLong(w.get(key)) : dflt;
  }

  private static double dbl(Map<String, String> w, String key, double dflt) {
    return w.containsKey(key) ? Double.parseDouble(w.get(key)) : dflt;
  }

  private static boolean bool(Map<String, String> w, String key) {
    return "Y".equals(w.get(key));
  }

  private static Set<String> strings(Map<String, String> w, String key) {
    Set<String> out = new HashSet<>();
    String v = w.get(key);
    if (v != null && !v.isEmpty()) {
      out.addAll(List.of(v.split(",")));
    }
    return out;
  }
}
