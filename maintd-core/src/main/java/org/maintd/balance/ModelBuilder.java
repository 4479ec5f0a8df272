package org.maintd.balance;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;
import org.maintd.htools.HtoolsTags;

/**
 * Builds the model of one node group from a cluster as hbal loads it: every node's capacity and
 * running sums (memory the node reports missing, the vCPU and spindle ratios of its group's policy,
 * locations and migration tags from the htools tags), every instance put on its nodes without
 * checks, then each node's N+1 reserve. Nodes of other groups are kept for the instances split
 * across groups, which stay where they are. Not thread-safe; builds once.
 */
final class ModelBuilder {
  private final Cluster cluster;
  private final String group;
  private final BalanceOptions options;
  private final Load load;
  private final HtoolsTags tags;
  private final Map<String, Integer> index = new HashMap<>();
  private final Map<String, double[]> ratiosByGroup = new HashMap<>();
  private final NodeState[] nodes;
  private final boolean[] inGroup;
  private final List<BalanceInstance> all = new ArrayList<>();

  private ModelBuilder(Cluster cluster, String group, BalanceOptions options, Load load) {
    this.cluster = cluster;
    this.group = group;
    this.options = options;
    this.load = load.on(cluster).load();
    this.tags = HtoolsTags.of(cluster.tags());
    this.nodes = new NodeState[cluster.nodes().size()];
    this.inGroup = new boolean[nodes.length];
  }

  /**
   * The model of node group {@code group} (uuid) of {@code cluster}, balanced with {@code options},
   * with the instances' {@code load} as hbal uses it (see {@link Load#on}).
   */
  static BalanceModel build(Cluster cluster, String group, BalanceOptions options, Load load) {
    return new ModelBuilder(cluster, group, options, load).build();
  }

  private BalanceModel build() {
    for (int n = 0; n < nodes.length; n++) {
      index.put(cluster.nodes().get(n).name(), n);
    }
    long[] instMem = new long[nodes.length];
    long[] notUsedMem = new long[nodes.length];
    for (Instance i : cluster.instances()) {
      int p = index.get(i.primary());
      if (i.usesMemory()) {
        instMem[p] += i.memory();
      } else {
        notUsedMem[p] += i.memory();
      }
    }
    for (int n = 0; n < nodes.length; n++) {
      Node node = cluster.nodes().get(n);
      nodes[n] = node(n, node, instMem[n], notUsedMem[n]);
      inGroup[n] = node.group().equals(group);
    }
    BalanceInstance[] instances = instances();
    measuredCpu();
    reserves();
    return new BalanceModel(nodes, inGroup, instances, options);
  }

  /** A node with its capacity and no instances but those of its memory and free-space figures. */
  private NodeState node(int n, Node node, long instMem, long notUsedMem) {
    Node.Resources r = node.resources();
    double[] ratios = ratios(node);
    Set<String> migration = tags.migrationTags(node.tags());
    NodeState s =
        new NodeState(
            n,
            node.name(),
            node.offline() || node.drained(),
            r.memTotal(),
            r.memNode(),
            r.memTotal() - r.memNode() - instMem - r.memFree(),
            r.diskTotal(),
            r.cpus(),
            r.cpuSpeed(),
            r.exclusiveStorage(),
            r.spindles(),
            ratios[1] * r.spindles(),
            ratios[0],
            tags.locations(node.tags()),
            migration,
            tags.receivedMigrationTags(migration));
    s.iMem = instMem;
    s.fMemForth = r.memFree() - notUsedMem;
    s.fDsk = r.diskFree();
    s.fDskForth = r.diskFree();
    s.fSpindles = r.freeSpindles();
    s.uCpu = r.osCpus();
    s.uCpuForth = r.osCpus();
    return s;
  }

  /**
   * Every instance, put on its nodes; those whose primary is in the group, in order. An instance
   * split across groups, or left out by the options' selection, stays where it is, and so does a
   * diskless one (hbal's movable disk templates leave diskless out).
   */
  private BalanceInstance[] instances() {
    Set<String> chosen = resolved(options.selectInstances());
    Set<String> excluded = resolved(options.excludeInstances());
    List<BalanceInstance> out = new ArrayList<>();
    all.clear();
    for (int k = 0; k < cluster.instances().size(); k++) {
      Instance i = cluster.instances().get(k);
      int p = index.get(i.primary());
      int s = i.secondary().isEmpty() ? -1 : index.get(i.secondary());
      boolean split = s >= 0 && inGroup[p] != inGroup[s];
      BalanceInstance bi =
          new BalanceInstance(
              k,
              i,
              p,
              s,
              tags.exclusionTags(i.tags()),
              tags.desiredLocations(i.tags()),
              !split
                  && inGroup[p]
                  && i.diskTemplate() != DiskTemplate.DISKLESS
                  && (options.selectInstances().isEmpty() || chosen.contains(i.name()))
                  && !excluded.contains(i.name()));
      bi.util = load.of(i.name());
      all.add(bi);
      load(bi);
      if (inGroup[p]) {
        out.add(bi);
      }
    }
    return out.toArray(new BalanceInstance[0]);
  }

  /**
   * The instances {@code keys} name (see {@link InstanceLookup}); keys that name none are left out.
   */
  private Set<String> resolved(List<String> keys) {
    if (keys.isEmpty()) {
      return Set.of();
    }
    List<String> names = cluster.instances().stream().map(Instance::name).toList();
    Set<String> out = new HashSet<>();
    keys.forEach(k -> InstanceLookup.find(names, k).ifPresent(out::add));
    return out;
  }

  /** Puts an instance on its nodes as they were read (not as a move: no checks). */
  private void load(BalanceInstance i) {
    NodeState p = nodes[i.primary];
    i.exclusionTags.forEach(t -> p.exclusionTags.merge(t, 1, Integer::sum));
    int spindleUse = i.local ? i.instance.spindleUse() : 0;
    if (i.forthcoming) {
      loadForthcoming(i, p, spindleUse);
      return;
    }
    p.primaries++;
    p.primaryLoad(i.util, 1);
    p.uCpu += i.notOffline ? i.instance.vcpus() : 0;
    p.uCpuForth += i.notOffline ? i.instance.vcpus() : 0;
    p.instSpindles += p.exclusive ? 0 : spindleUse;
    p.instSpindlesForth += p.exclusive ? 0 : spindleUse;
    NodeState s = i.secondary >= 0 ? nodes[i.secondary] : null;
    p.locationScore += i.locationScore(p, s);
    for (String loc : p.locations) {
      for (String ex : i.exclusionTags) {
        p.locationExclusion.merge(loc + "\u0000" + ex, 1, Integer::sum);
      }
    }
    if (s != null) {
      s.secondaries++;
      s.dskLoad += i.util.dsk();
      s.instSpindles += s.exclusive ? 0 : spindleUse;
      s.instSpindlesForth += s.exclusive ? 0 : spindleUse;
      s.peers.put(i.primary, s.peers.get(i.primary) + (i.usesSecMem ? i.mem() : 0));
    }
  }

  /** A forthcoming instance counts only in the "forth" sums (and its exclusion tags). */
  private void loadForthcoming(BalanceInstance i, NodeState p, int spindleUse) {
    p.fDskForth -= i.local ? i.disk() : 0;
    p.uCpuForth += i.notOffline ? i.instance.vcpus() : 0;
    p.instSpindlesForth += p.exclusive ? 0 : spindleUse;
    if (i.secondary >= 0) {
      NodeState s = nodes[i.secondary];
      s.fDskForth -= i.disk();
      s.instSpindlesForth += s.exclusive ? 0 : spindleUse;
    }
  }

  /**
   * A CPU measure, as hbal applies mond's answers after it has put the instances on their nodes: a
   * node's {@code cpu_total} becomes its CPU load and is spread over its primaries by vCPUs against
   * the CPUs in use there; or each instance's Xen figure is its CPU load and a node's is the sum of
   * its primaries' (in the order hbal adds them up: the last placed first).
   */
  private void measuredCpu() {
    if (load.cpu() instanceof Load.NodeCpu n) {
      for (NodeState s : nodes) {
        s.cpuLoad = n.byNode().get(s.name);
      }
      for (BalanceInstance i : all) {
        NodeState p = nodes[i.primary];
        i.util = i.util.withCpu(p.cpuLoad / p.uCpu * i.instance.vcpus());
      }
    } else if (load.cpu() instanceof Load.InstanceCpu x) {
      Map<String, Double> byInstance = new HashMap<>();
      for (NodeState s : nodes) {
        x.byNode().get(s.name).forEach(byInstance::putIfAbsent);
      }
      for (NodeState s : nodes) {
        s.cpuLoad = 0;
      }
      for (int k = all.size() - 1; k >= 0; k--) {
        BalanceInstance i = all.get(k);
        i.util = i.util.withCpu(byInstance.get(i.instance.name()));
        nodes[i.primary].cpuLoad += i.forthcoming ? 0 : i.util.cpu();
      }
    }
  }

  /** Each node's N+1 reserve: the memory of its largest peer's instances it is secondary of. */
  private void reserves() {
    for (NodeState s : nodes) {
      s.rMem = s.peers.max();
      s.failN1 = cluster.nodes().get(s.index).resources().memFree() < s.rMem;
    }
  }

  /** The vCPU ratio and the spindle ratio of the node's group. */
  private double[] ratios(Node node) {
    String groupName = cluster.groupByUuid(node.group()).map(g -> g.name()).orElse("");
    return ratiosByGroup.computeIfAbsent(groupName, g -> policyRatios(cluster.policies(), g));
  }

  /**
   * The vCPU ratio and the spindle ratio of a group: its own policy line, else hbal 3.0's defaults,
   * 4 and 32 (hbal does not fall back on the cluster's line).
   */
  private static double[] policyRatios(List<String> policies, String groupName) {
    for (String line : policies) {
      String[] f = line.split("\\|", -1);
      if (f.length < 6 || f[0].isEmpty() || !f[0].equals(groupName)) {
        continue;
      }
      try {
        return new double[] {Double.parseDouble(f[4]), Double.parseDouble(f[5])};
      } catch (NumberFormatException e) {
        // a policy line without ratios keeps the defaults
      }
    }
    return new double[] {4.0, 32.0};
  }
}
