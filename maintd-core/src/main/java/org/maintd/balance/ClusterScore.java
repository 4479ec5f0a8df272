package org.maintd.balance;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Instance;
import org.maintd.cluster.InstanceStatus;
import org.maintd.cluster.Node;

/**
 * The cluster score of one node group, term by term as hbal computes it (Ganeti 3.0): lower is
 * better balanced. Every instance counts as a load of one (no utilisation data); memory is what the
 * records say, less what the node reports missing; the "forth" terms count stopped instances as if
 * they were started. Stateless.
 */
public final class ClusterScore {
  private static final double DEFAULT_SPINDLE_RATIO = 32.0;

  /** The terms for the nodes of {@code group} (uuid). */
  public Map<ScoreComponent, Double> components(Cluster cluster, String group) {
    List<Integer> members = new ArrayList<>();
    Map<String, Integer> index = new HashMap<>();
    for (int n = 0; n < cluster.nodes().size(); n++) {
      index.put(cluster.nodes().get(n).name(), n);
      if (cluster.nodes().get(n).group().equals(group)) {
        members.add(n);
      }
    }
    int count = cluster.nodes().size();
    NodeSums[] sums = new NodeSums[count];
    for (int n = 0; n < count; n++) {
      sums[n] = new NodeSums(cluster.nodes().get(n));
    }
    Set<String> locationPrefixes = prefixes(cluster.tags(), "htools:nlocation:");
    List<String> exclusionPrefixes = new ArrayList<>(prefixes(cluster.tags(), "htools:iextags:"));
    List<String> desiredPrefixes = new ArrayList<>(prefixes(cluster.tags(), "htools:desiredlocation:"));
    List<Set<String>> locations = new ArrayList<>();
    for (Node node : cluster.nodes()) {
      Set<String> tags = new HashSet<>();
      for (String p : locationPrefixes) {
        node.tags().stream().filter(t -> t.startsWith(p + ":")).forEach(tags::add);
      }
      locations.add(tags);
    }
    for (Instance inst : cluster.instances()) {
      int p = index.get(inst.primary());
      int s = inst.secondary().isEmpty() ? -1 : index.get(inst.secondary());
      List<String> exclusion = inst.tags().stream().filter(t -> exclusionPrefixes.stream().anyMatch(t::startsWith)).toList();
      sums[p].addPrimary(inst, exclusion);
      if (!inst.forthcoming()) {
        int common = 0;
        if (s >= 0) {
          Set<String> both = new HashSet<>(locations.get(p));
          both.retainAll(locations.get(s));
          common = both.size();
        }
        Set<String> desired = new HashSet<>();
        inst.tags().stream().filter(t -> desiredPrefixes.stream().anyMatch(t::startsWith)).forEach(desired::add);
        int unmet = (int) desired.stream().filter(t -> !locations.get(p).contains(t)).count();
        sums[p].locationScore += common + unmet;
        for (String loc : locations.get(p)) {
          for (String ex : exclusion) {
            sums[p].locationExclusion.merge(loc + "\u0000" + ex, 1, Integer::sum);
          }
        }
      }
      if (s >= 0) {
        sums[s].addSecondary(inst, p);
      }
    }
    double spindleRatio = spindleRatio(cluster, group);
    Map<ScoreComponent, List<Double>> online = new EnumMap<>(ScoreComponent.class);
    Map<ScoreComponent, Double> offline = new EnumMap<>(ScoreComponent.class);
    Map<String, Integer> exclusionPairs = new HashMap<>();
    for (ScoreComponent c : ScoreComponent.values()) {
      online.put(c, new ArrayList<>());
      offline.put(c, 0.0);
    }
    for (int n : members) {
      NodeSums x = sums[n];
      if (x.node.offline()) {
        offline.merge(ScoreComponent.OFFLINE_ALL_CNT, (double) (x.primaries + x.secondaries), Double::sum);
        offline.merge(ScoreComponent.OFFLINE_PRI_CNT, (double) x.primaries, Double::sum);
        continue;
      }
      x.values(spindleRatio).forEach((c, v) -> online.get(c).add(v));
      x.locationExclusion.forEach((k, v) -> exclusionPairs.merge(k, v, Integer::sum));
    }
    Map<ScoreComponent, Double> out = new EnumMap<>(ScoreComponent.class);
    for (ScoreComponent c : ScoreComponent.values()) {
      out.put(c, switch (c) {
        case OFFLINE_ALL_CNT, OFFLINE_PRI_CNT -> offline.get(c);
        case N1_CNT, PRI_TAGS_SCORE, LOCATION_SCORE, RESERVED_MEM_RTOTAL -> online.get(c).stream().mapToDouble(Double::doubleValue).sum();
        case LOCATION_EXCLUSION_SCORE -> (double) (exclusionPairs.values().stream().mapToInt(Integer::intValue).sum() - exclusionPairs.size());
        default -> stddev(online.get(c));
      });
    }
    return out;
  }

  /** The weighted sum of the terms. */
  public double score(Cluster cluster, String group) {
    double total = 0;
    for (Map.Entry<ScoreComponent, Double> e : components(cluster, group).entrySet()) {
      total += e.getKey().weight() * e.getValue();
    }
    return total;
  }

  static double stddev(List<Double> xs) {
    if (xs.isEmpty()) {
      return 0;
    }
    double n = xs.size();
    double sum = 0;
    for (double x : xs) {
      sum += x;
    }
    double mean = sum / n;
    double var = 0;
    for (double x : xs) {
      var += (x - mean) * (x - mean);
    }
    return Math.sqrt(var / n);
  }

  private static Set<String> prefixes(List<String> clusterTags, String prefix) {
    Set<String> out = new HashSet<>();
    clusterTags.stream().filter(t -> t.startsWith(prefix)).forEach(t -> out.add(t.substring(prefix.length())));
    return out;
  }

  /** The group's spindle ratio from the instance policies (group line, else cluster line), else 32. */
  private static double spindleRatio(Cluster cluster, String group) {
    String name = cluster.groupByUuid(group).map(g -> g.name()).orElse(group);
    Double clusterRatio = null;
    Double groupRatio = null;
    for (String line : cluster.policies()) {
      String[] f = line.split("\\|", -1);
      if (f.length < 6) {
        continue;
      }
      try {
        double ratio = Double.parseDouble(f[5]);
        if (f[0].isEmpty()) {
          clusterRatio = ratio;
        } else if (f[0].equals(name)) {
          groupRatio = ratio;
        }
      } catch (NumberFormatException e) {
        // a policy line without a ratio keeps the default
      }
    }
    return groupRatio != null ? groupRatio : clusterRatio != null ? clusterRatio : DEFAULT_SPINDLE_RATIO;
  }

  /** What one node adds up to. */
  private static final class NodeSums {
    final Node node;
    int primaries;
    int secondaries;
    long instMem;
    long memNotUsed;
    long forthcomingDisk;
    long vcpus;
    long forthcomingVcpus;
    double spindleUse;
    double forthcomingSpindleUse;
    int locationScore;
    final Map<String, Integer> exclusionTags = new HashMap<>();
    final Map<String, Integer> locationExclusion = new HashMap<>();
    final Map<Integer, Long> peers = new HashMap<>();

    NodeSums(Node node) {
      this.node = node;
    }

    void addPrimary(Instance i, List<String> exclusion) {
      exclusion.forEach(t -> exclusionTags.merge(t, 1, Integer::sum));
      boolean local = i.usesLocalStorage();
      boolean online = i.status() != InstanceStatus.ADMIN_offline;
      if (!i.usesMemory()) {
        memNotUsed += i.memory();
      }
      if (i.forthcoming()) {
        forthcomingDisk += local ? i.disk() : 0;
        forthcomingVcpus += online ? i.vcpus() : 0;
        forthcomingSpindleUse += local ? i.spindleUse() : 0;
        return;
      }
      primaries++;
      if (i.usesMemory()) {
        instMem += i.memory();
      }
      vcpus += online ? i.vcpus() : 0;
      spindleUse += local ? i.spindleUse() : 0;
    }

    void addSecondary(Instance i, int primary) {
      boolean local = i.usesLocalStorage();
      if (i.forthcoming()) {
        forthcomingDisk += i.disk();
        forthcomingSpindleUse += local ? i.spindleUse() : 0;
        return;
      }
      secondaries++;
      spindleUse += local ? i.spindleUse() : 0;
      boolean secMem = i.status() != InstanceStatus.ADMIN_offline && i.autoBalance();
      peers.merge(primary, secMem ? i.memory() : 0, Long::sum);
    }

    Map<ScoreComponent, Double> values(double spindleRatio) {
      Node.Resources r = node.resources();
      double tMem = r.memTotal();
      long recorded = r.memTotal() - r.memNode() - instMem;
      long missing = recorded - r.memFree();
      long unallocated = recorded - Math.max(0, missing);
      long rMem = peers.values().stream().mapToLong(Long::longValue).max().orElse(0);
      boolean failN1 = r.memFree() < rMem;
      boolean exclusive = r.exclusiveStorage();
      double pDsk = exclusive ? pct(r.freeSpindles(), r.spindles()) : pct(r.diskFree(), r.diskTotal());
      double pDskForth = exclusive ? pDsk : pct(r.diskFree() - forthcomingDisk, r.diskTotal());
      double hiSpindles = spindleRatio * r.spindles();
      double cpu = (r.osCpus() + vcpus) / r.cpus() / r.cpuSpeed();
      double cpuForth = (r.osCpus() + vcpus + forthcomingVcpus) / r.cpus() / r.cpuSpeed();
      Map<ScoreComponent, Double> v = new EnumMap<>(ScoreComponent.class);
      v.put(ScoreComponent.FREE_MEM_CV, unallocated / tMem);
      v.put(ScoreComponent.FREE_DISK_CV, pDsk);
      v.put(ScoreComponent.N1_CNT, failN1 ? (double) (primaries + secondaries) : 0.0);
      v.put(ScoreComponent.RESERVED_MEM_CV, rMem / tMem);
      v.put(ScoreComponent.VCPU_RATIO_CV, cpu);
      v.put(ScoreComponent.CPU_LOAD_CV, (double) primaries);
      v.put(ScoreComponent.MEM_LOAD_CV, (double) primaries);
      v.put(ScoreComponent.DISK_LOAD_CV, (double) (primaries + secondaries));
      v.put(ScoreComponent.NET_LOAD_CV, (double) primaries);
      v.put(ScoreComponent.PRI_TAGS_SCORE, (double) (exclusionTags.values().stream().mapToInt(Integer::intValue).sum() - exclusionTags.size()));
      v.put(ScoreComponent.SPINDLES_CV, exclusive ? 0.0 : spindleUse / hiSpindles);
      v.put(ScoreComponent.FREE_MEM_CV_FORTH, (r.memFree() - memNotUsed) / tMem);
      v.put(ScoreComponent.FREE_DISK_CV_FORTH, pDskForth);
      v.put(ScoreComponent.VCPU_RATIO_CV_FORTH, cpuForth);
      v.put(ScoreComponent.SPINDLES_CV_FORTH, exclusive ? 0.0 : (spindleUse + forthcomingSpindleUse) / hiSpindles);
      v.put(ScoreComponent.LOCATION_SCORE, (double) locationScore);
      v.put(ScoreComponent.RESERVED_MEM_RTOTAL, rMem / tMem);
      return v;
    }

    private static double pct(long free, long total) {
      return total == 0 ? 1.0 : (double) free / total;
    }
  }
}
