package org.maintd.balance;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;

/**
 * The state of one node group while it is balanced: every node's running sums, where every instance
 * is, and the score's aggregates (counts, sums and sums of squares of each term), which a trial
 * move updates from the two or three nodes it touches. Not thread-safe.
 */
final class BalanceModel {
  private static final ScoreComponent[] TERMS = ScoreComponent.values();

  private final NodeState[] nodes;
  private final boolean[] inGroup;
  private final List<Integer> onlineGroup = new ArrayList<>();
  private final List<BalanceInstance> instances = new ArrayList<>();
  private final double[][] vectors;
  private final double[] count = new double[TERMS.length];
  private final double[] sum = new double[TERMS.length];
  private final double[] sumSq = new double[TERMS.length];
  private final Map<String, Integer> pairs = new HashMap<>();
  private long pairTotal;

  private BalanceModel(int n) {
    nodes = new NodeState[n];
    inGroup = new boolean[n];
    vectors = new double[n][];
  }

  /** A move tried: the instance, where it goes, the nodes as they would be, and the score after. */
  record Candidate(
      BalanceInstance instance,
      String kind,
      int target,
      int newPrimary,
      int newSecondary,
      NodeState[] changed,
      double score) {}

  static BalanceModel of(Cluster cluster, String group) {
    int count = cluster.nodes().size();
    BalanceModel m = new BalanceModel(count);
    Map<String, Integer> index = new HashMap<>();
    for (int n = 0; n < count; n++) {
      index.put(cluster.nodes().get(n).name(), n);
    }
    List<String> exclusion = prefixes(cluster.tags(), "htools:iextags:");
    List<String> locationPrefixes = prefixes(cluster.tags(), "htools:nlocation:");
    List<String> desired = prefixes(cluster.tags(), "htools:desiredlocation:");
    List<String> migrationPrefixes = prefixes(cluster.tags(), "htools:migration:");
    List<String[]> allowed = new ArrayList<>();
    for (String t : prefixes(cluster.tags(), "htools:allowmigration:")) {
      int at = t.indexOf("::");
      if (at >= 0 && t.indexOf("::", at + 2) < 0) {
        allowed.add(new String[] {t.substring(0, at), t.substring(at + 2)});
      }
    }
    long[] instMem = new long[count];
    long[] notUsedMem = new long[count];
    for (Instance i : cluster.instances()) {
      int p = index.get(i.primary());
      if (i.usesMemory()) {
        instMem[p] += i.memory();
      } else {
        notUsedMem[p] += i.memory();
      }
    }
    for (int n = 0; n < count; n++) {
      Node node = cluster.nodes().get(n);
      Node.Resources r = node.resources();
      String groupName = cluster.groupByUuid(node.group()).map(g -> g.name()).orElse("");
      double[] ratios = ratios(cluster, groupName);
      Set<String> locations = tagged(node.tags(), locationPrefixes);
      Set<String> mig = tagged(node.tags(), migrationPrefixes);
      Set<String> recv = new HashSet<>();
      for (String t : mig) {
        recv.add(t);
        allowed.stream().filter(a -> a[1].equals(t)).forEach(a -> recv.add(a[0]));
      }
      long xMem = r.memTotal() - r.memNode() - instMem[n] - r.memFree();
      NodeState s =
          new NodeState(
              n,
              node.name(),
              node.offline() || node.drained(),
              r.memTotal(),
              r.memNode(),
              xMem,
              r.diskTotal(),
              r.cpus(),
              r.cpuSpeed(),
              r.exclusiveStorage(),
              r.spindles(),
              ratios[1] * r.spindles(),
              ratios[0],
              locations,
              mig,
              recv);
      s.iMem = instMem[n];
      s.fMemForth = r.memFree() - notUsedMem[n];
      s.fDsk = r.diskFree();
      s.fDskForth = r.diskFree();
      s.fSpindles = r.freeSpindles();
      s.uCpu = r.osCpus();
      s.uCpuForth = r.osCpus();
      m.nodes[n] = s;
      m.inGroup[n] = node.group().equals(group);
      if (m.inGroup[n] && !node.offline() && !node.drained()) {
        m.onlineGroup.add(n);
      }
    }
    for (int k = 0; k < cluster.instances().size(); k++) {
      Instance i = cluster.instances().get(k);
      int p = index.get(i.primary());
      int s = i.secondary().isEmpty() ? -1 : index.get(i.secondary());
      List<String> ex =
          i.tags().stream().filter(t -> exclusion.stream().anyMatch(t::startsWith)).toList();
      Set<String> dsrd = new HashSet<>();
      i.tags().stream().filter(t -> desired.stream().anyMatch(t::startsWith)).forEach(dsrd::add);
      boolean split = s >= 0 && m.inGroup[p] != m.inGroup[s];
      BalanceInstance bi = new BalanceInstance(k, i, p, s, ex, dsrd, !split && m.inGroup[p]);
      m.load(bi);
      if (m.inGroup[p]) {
        m.instances.add(bi);
      }
    }
    for (NodeState s : m.nodes) {
      s.rMem = s.peers.values().stream().mapToLong(Long::longValue).max().orElse(0);
      s.failN1 = cluster.nodes().get(s.index).resources().memFree() < s.rMem;
    }
    for (int n = 0; n < count; n++) {
      if (m.inGroup[n]) {
        m.vectors[n] = m.vector(m.nodes[n]);
        m.add(m.nodes[n], m.vectors[n], 1);
      }
    }
    return m;
  }

  /** Puts an instance on its nodes as they were read (not as a move: no checks). */
  private void load(BalanceInstance i) {
    NodeState p = nodes[i.primary];
    Instance inst = i.instance;
    int spindleUse = i.local ? inst.spindleUse() : 0;
    i.exclusionTags.forEach(t -> p.exclusionTags.merge(t, 1, Integer::sum));
    if (inst.forthcoming()) {
      p.fDskForth -= i.local ? i.disk() : 0;
      p.uCpuForth += i.notOffline ? inst.vcpus() : 0;
      p.instSpindlesForth += p.exclusive ? 0 : spindleUse;
      if (i.secondary >= 0) {
        NodeState s = nodes[i.secondary];
        s.fDskForth -= i.disk();
        s.instSpindlesForth += s.exclusive ? 0 : spindleUse;
      }
      return;
    }
    p.primaries++;
    p.uCpu += i.notOffline ? inst.vcpus() : 0;
    p.uCpuForth += i.notOffline ? inst.vcpus() : 0;
    p.instSpindles += p.exclusive ? 0 : spindleUse;
    p.instSpindlesForth += p.exclusive ? 0 : spindleUse;
    p.locationScore += locationScore(i, i.primary, i.secondary);
    for (String loc : p.locations) {
      for (String ex : i.exclusionTags) {
        p.locationExclusion.merge(loc + "\u0000" + ex, 1, Integer::sum);
      }
    }
    if (i.secondary >= 0) {
      NodeState s = nodes[i.secondary];
      s.secondaries++;
      s.instSpindles += s.exclusive ? 0 : spindleUse;
      s.instSpindlesForth += s.exclusive ? 0 : spindleUse;
      s.peers.merge(i.primary, i.usesSecMem ? i.mem() : 0, Long::sum);
    }
  }

  int locationScore(BalanceInstance i, int primary, int secondary) {
    int common = 0;
    if (secondary >= 0) {
      for (String t : nodes[primary].locations) {
        if (nodes[secondary].locations.contains(t)) {
          common++;
        }
      }
    }
    int unmet = 0;
    for (String t : i.desiredLocations) {
      if (!nodes[primary].locations.contains(t)) {
        unmet++;
      }
    }
    return common + unmet;
  }

  private double[] vector(NodeState n) {
    double[] v = new double[TERMS.length];
    if (n.offline) {
      v[ScoreComponent.OFFLINE_ALL_CNT.ordinal()] = n.primaries + n.secondaries;
      v[ScoreComponent.OFFLINE_PRI_CNT.ordinal()] = n.primaries;
      return v;
    }
    double tMem = n.tMem;
    double pDsk = n.exclusive ? pct(n.fSpindles, n.tSpindles) : pct(n.fDsk, n.tDsk);
    v[ScoreComponent.FREE_MEM_CV.ordinal()] = n.unallocated() / tMem;
    v[ScoreComponent.FREE_DISK_CV.ordinal()] = pDsk;
    v[ScoreComponent.N1_CNT.ordinal()] = n.failN1 ? n.primaries + n.secondaries : 0;
    v[ScoreComponent.RESERVED_MEM_CV.ordinal()] = n.rMem / tMem;
    v[ScoreComponent.VCPU_RATIO_CV.ordinal()] = n.uCpu / n.tCpu / n.cpuSpeed;
    v[ScoreComponent.CPU_LOAD_CV.ordinal()] = n.primaries;
    v[ScoreComponent.MEM_LOAD_CV.ordinal()] = n.primaries;
    v[ScoreComponent.DISK_LOAD_CV.ordinal()] = n.primaries + n.secondaries;
    v[ScoreComponent.NET_LOAD_CV.ordinal()] = n.primaries;
    v[ScoreComponent.PRI_TAGS_SCORE.ordinal()] =
        n.exclusionTags.values().stream().mapToInt(Integer::intValue).sum()
            - n.exclusionTags.size();
    v[ScoreComponent.SPINDLES_CV.ordinal()] = n.exclusive ? 0 : n.instSpindles / n.hiSpindles;
    v[ScoreComponent.FREE_MEM_CV_FORTH.ordinal()] = n.fMemForth / tMem;
    v[ScoreComponent.FREE_DISK_CV_FORTH.ordinal()] = n.exclusive ? pDsk : pct(n.fDskForth, n.tDsk);
    v[ScoreComponent.VCPU_RATIO_CV_FORTH.ordinal()] = n.uCpuForth / n.tCpu / n.cpuSpeed;
    v[ScoreComponent.SPINDLES_CV_FORTH.ordinal()] =
        n.exclusive ? 0 : n.instSpindlesForth / n.hiSpindles;
    v[ScoreComponent.LOCATION_SCORE.ordinal()] = n.locationScore;
    v[ScoreComponent.RESERVED_MEM_RTOTAL.ordinal()] = n.rMem / tMem;
    return v;
  }

  private static double pct(long free, long total) {
    return total == 0 ? 1.0 : (double) free / total;
  }

  private void add(NodeState n, double[] v, int sign) {
    if (n.offline) {
      sum[ScoreComponent.OFFLINE_ALL_CNT.ordinal()] +=
          sign * v[ScoreComponent.OFFLINE_ALL_CNT.ordinal()];
      sum[ScoreComponent.OFFLINE_PRI_CNT.ordinal()] +=
          sign * v[ScoreComponent.OFFLINE_PRI_CNT.ordinal()];
      return;
    }
    for (int c = 0; c < TERMS.length; c++) {
      if (TERMS[c] == ScoreComponent.OFFLINE_ALL_CNT
          || TERMS[c] == ScoreComponent.OFFLINE_PRI_CNT) {
        continue;
      }
      count[c] += sign;
      sum[c] += sign * v[c];
      sumSq[c] += sign * v[c] * v[c];
    }
    n.locationExclusion.forEach(
        (k, c) -> {
          int before = pairs.getOrDefault(k, 0);
          int after = before + sign * c;
          pairTotal += sign * c;
          if (after == 0) {
            pairs.remove(k);
          } else {
            pairs.put(k, after);
          }
        });
  }

  double score() {
    return score(count, sum, sumSq, pairTotal - pairs.size());
  }

  /** Every term's value, before weighting. */
  Map<ScoreComponent, Double> components() {
    Map<ScoreComponent, Double> out = new java.util.EnumMap<>(ScoreComponent.class);
    for (int c = 0; c < TERMS.length; c++) {
      out.put(TERMS[c], value(c, count, sum, sumSq, pairTotal - pairs.size()));
    }
    return out;
  }

  private static double score(double[] count, double[] sum, double[] sumSq, long pairValue) {
    double total = 0;
    for (int c = 0; c < TERMS.length; c++) {
      total += TERMS[c].weight() * value(c, count, sum, sumSq, pairValue);
    }
    return total;
  }

  private static double value(int c, double[] count, double[] sum, double[] sumSq, long pairValue) {
    return switch (TERMS[c]) {
      case OFFLINE_ALL_CNT,
          OFFLINE_PRI_CNT,
          N1_CNT,
          PRI_TAGS_SCORE,
          LOCATION_SCORE,
          RESERVED_MEM_RTOTAL ->
          sum[c];
      case LOCATION_EXCLUSION_SCORE -> pairValue;
      default ->
          count[c] == 0
              ? 0
              : Math.sqrt(
                  Math.max(0, sumSq[c] / count[c] - (sum[c] / count[c]) * (sum[c] / count[c])));
    };
  }

  /** The score with some nodes replaced by trial copies. */
  private double scoreWith(NodeState[] changed) {
    double[] c2 = count.clone();
    double[] s2 = sum.clone();
    double[] q2 = sumSq.clone();
    Map<String, Integer> pairDelta = new HashMap<>();
    for (NodeState n : changed) {
      double[] old = vectors[n.index];
      double[] neu = vector(n);
      for (int c = 0; c < TERMS.length; c++) {
        boolean offlineTerm =
            TERMS[c] == ScoreComponent.OFFLINE_ALL_CNT
                || TERMS[c] == ScoreComponent.OFFLINE_PRI_CNT;
        if (n.offline != offlineTerm) {
          continue;
        }
        s2[c] += neu[c] - old[c];
        q2[c] += neu[c] * neu[c] - old[c] * old[c];
      }
      if (!n.offline) {
        nodes[n.index].locationExclusion.forEach((k, v) -> pairDelta.merge(k, -v, Integer::sum));
        n.locationExclusion.forEach((k, v) -> pairDelta.merge(k, v, Integer::sum));
      }
    }
    long total = pairTotal;
    long keys = pairs.size();
    for (Map.Entry<String, Integer> e : pairDelta.entrySet()) {
      int before = pairs.getOrDefault(e.getKey(), 0);
      int after = before + e.getValue();
      total += e.getValue();
      keys += (after != 0 ? 1 : 0) - (before != 0 ? 1 : 0);
    }
    return score(c2, s2, q2, total - keys);
  }

  /** The lower bound hbal stops at: the spread that the N+1 reservations make unavoidable. */
  double optimalScore() {
    List<NodeState> group = new ArrayList<>();
    for (NodeState n : nodes) {
      if (inGroup[n.index]) {
        group.add(n);
      }
    }
    if (group.size() <= 1) {
      return 0;
    }
    double totalMem = group.stream().mapToDouble(n -> n.tMem).sum();
    double oneLess = totalMem - group.stream().mapToDouble(n -> n.tMem).max().orElse(0);
    if (oneLess <= 0) {
      return 0;
    }
    double drbd =
        group.stream()
            .mapToDouble(n -> n.peers.values().stream().mapToLong(Long::longValue).sum())
            .sum();
    return ScoreComponent.RESERVED_MEM_RTOTAL.weight() * (drbd / oneLess - drbd / totalMem);
  }

  /** The best move of any instance, if one lowers the score. */
  Optional<Candidate> bestMove() {
    return bestMove(c -> true);
  }

  /** The move as it would be reported, before it is made. */
  BalanceMove preview(Candidate c) {
    BalanceInstance i = c.instance();
    return new BalanceMove(
        i.instance.name(),
        nodes[i.primary].name,
        i.secondary >= 0 ? nodes[i.secondary].name : "",
        nodes[c.newPrimary()].name,
        c.newSecondary() >= 0 ? nodes[c.newSecondary()].name : "",
        c.score(),
        c.kind());
  }

  /** The best allowed move of any instance, if one lowers the score. */
  Optional<Candidate> bestMove(java.util.function.Predicate<Candidate> allowed) {
    double current = score();
    Candidate best = null;
    for (BalanceInstance i : instances) {
      if (!i.movable || !i.instance.autoBalance() || i.mirror == BalanceInstance.Mirror.NONE) {
        continue;
      }
      boolean useSecondary = i.secondary >= 0 && onlineGroup.contains(i.secondary);
      List<Candidate> tries = new ArrayList<>();
      if (i.mirror == BalanceInstance.Mirror.INTERNAL && useSecondary) {
        tries.add(failover(i));
      }
      for (int t : onlineGroup) {
        if (t == i.primary || t == i.secondary) {
          continue;
        }
        if (i.mirror == BalanceInstance.Mirror.EXTERNAL) {
          tries.add(failoverToAny(i, t));
        } else {
          tries.add(replaceSecondary(i, t));
          tries.add(replaceAndFailover(i, t));
          if (useSecondary) {
            tries.add(replacePrimary(i, t));
            tries.add(failoverAndReplace(i, t));
          }
        }
      }
      for (Candidate c : tries) {
        if (c != null && c.score() < (best == null ? current : best.score()) && allowed.test(c)) {
          best = c;
        }
      }
    }
    return Optional.ofNullable(best);
  }

  private Candidate candidate(
      BalanceInstance i, String kind, int target, int p, int s, NodeState... changed) {
    return new Candidate(i, kind, target, p, s, changed, scoreWith(changed));
  }

  private Candidate failover(BalanceInstance i) {
    NodeState op = nodes[i.primary];
    NodeState os = nodes[i.secondary];
    if (!NodeOps.canMigrate(op, os)) {
      return null;
    }
    NodeState p = op.copy();
    NodeState s = os.copy();
    int score = locationScore(i, i.primary, i.secondary);
    NodeOps.removePrimary(p, i, score);
    NodeOps.removeSecondary(s, i, i.primary);
    boolean force = op.offline;
    if (!NodeOps.addPrimary(s, i, force, locationScore(i, i.secondary, i.primary))
        || !NodeOps.addSecondary(p, i, i.secondary, force, op.offline)) {
      return null;
    }
    return candidate(i, "f", -1, i.secondary, i.primary, p, s);
  }

  private Candidate failoverToAny(BalanceInstance i, int t) {
    NodeState op = nodes[i.primary];
    if (!NodeOps.canMigrate(op, nodes[t])) {
      return null;
    }
    NodeState target = nodes[t].copy();
    if (!NodeOps.addPrimary(target, i, op.offline, locationScore(i, t, i.secondary))) {
      return null;
    }
    NodeState p = op.copy();
    NodeOps.removePrimary(p, i, locationScore(i, i.primary, i.secondary));
    return candidate(i, "fa:" + target.name, t, t, i.secondary, p, target);
  }

  private Candidate replacePrimary(BalanceInstance i, int t) {
    NodeState op = nodes[i.primary];
    NodeState os = nodes[i.secondary];
    if (!NodeOps.canMigrate(op, os) || !NodeOps.canMigrate(os, nodes[t])) {
      return null;
    }
    boolean force = op.offline;
    NodeState p = op.copy();
    NodeState s = os.copy();
    NodeOps.removePrimary(p, i, locationScore(i, i.primary, i.secondary));
    NodeOps.removeSecondary(s, i, i.primary);
    // hbal tries the instance on the secondary first (and takes it off again), with the location
    // score of the new pair, before it places it on the target.
    int newScore = locationScore(i, t, i.secondary);
    int onSecondary = locationScore(i, i.secondary, t);
    NodeState tmp = s.copy();
    if (!NodeOps.addPrimary(tmp, i, force, onSecondary)) {
      return null;
    }
    NodeOps.removePrimary(tmp, i, onSecondary);
    NodeState target = nodes[t].copy();
    if (!NodeOps.addPrimary(target, i, force, newScore)
        || !NodeOps.addSecondary(tmp, i, t, force, false)) {
      return null;
    }
    return candidate(i, "f r:" + target.name + " f", t, t, i.secondary, p, tmp, target);
  }

  private Candidate replaceSecondary(BalanceInstance i, int t) {
    NodeState os = i.secondary >= 0 ? nodes[i.secondary] : null;
    if (os == null) {
      return null;
    }
    NodeState s = os.copy();
    NodeOps.removeSecondary(s, i, i.primary);
    NodeState target = nodes[t].copy();
    if (!NodeOps.addSecondary(target, i, i.primary, os.offline, false)) {
      return null;
    }
    NodeState p = nodes[i.primary].copy();
    NodeOps.removePrimary(p, i, locationScore(i, i.primary, i.secondary));
    if (!NodeOps.addPrimary(p, i, true, locationScore(i, i.primary, t))) {
      return null;
    }
    return candidate(i, "r:" + target.name, t, i.primary, t, p, s, target);
  }

  private Candidate replaceAndFailover(BalanceInstance i, int t) {
    NodeState op = nodes[i.primary];
    NodeState os = i.secondary >= 0 ? nodes[i.secondary] : null;
    if (os == null || !NodeOps.canMigrate(op, nodes[t])) {
      return null;
    }
    NodeState p = op.copy();
    NodeState s = os.copy();
    NodeOps.removePrimary(p, i, locationScore(i, i.primary, i.secondary));
    NodeOps.removeSecondary(s, i, i.primary);
    NodeState target = nodes[t].copy();
    if (!NodeOps.addPrimary(target, i, false, locationScore(i, t, i.primary))
        || !NodeOps.addSecondary(p, i, t, os.offline, false)) {
      return null;
    }
    return candidate(i, "r:" + target.name + " f", t, t, i.primary, p, s, target);
  }

  private Candidate failoverAndReplace(BalanceInstance i, int t) {
    NodeState op = nodes[i.primary];
    NodeState os = nodes[i.secondary];
    if (!NodeOps.canMigrate(op, os)) {
      return null;
    }
    boolean force = op.offline;
    NodeState p = op.copy();
    NodeState s = os.copy();
    NodeOps.removePrimary(p, i, locationScore(i, i.primary, i.secondary));
    NodeOps.removeSecondary(s, i, i.primary);
    NodeState target = nodes[t].copy();
    if (!NodeOps.addPrimary(s, i, force, locationScore(i, i.secondary, t))
        || !NodeOps.addSecondary(target, i, i.secondary, force, false)) {
      return null;
    }
    return candidate(i, "f r:" + target.name, t, i.secondary, t, p, s, target);
  }

  /** Makes a move: the nodes take their trial state, the instance its new nodes. */
  BalanceMove apply(Candidate c) {
    BalanceInstance i = c.instance();
    String oldP = nodes[i.primary].name;
    String oldS = i.secondary >= 0 ? nodes[i.secondary].name : "";
    for (NodeState n : c.changed()) {
      add(nodes[n.index], vectors[n.index], -1);
      nodes[n.index] = n;
      vectors[n.index] = vector(n);
      add(n, vectors[n.index], 1);
    }
    i.primary = c.newPrimary();
    i.secondary = c.newSecondary();
    return new BalanceMove(
        i.instance.name(),
        oldP,
        oldS,
        nodes[i.primary].name,
        i.secondary >= 0 ? nodes[i.secondary].name : "",
        score(),
        c.kind());
  }

  /**
   * The cluster with the instances where the moves put them and each node's free disk; free memory
   * stays as the nodes reported it, as hbal writes it (the htools reconcile it with the instances'
   * memory when they load the file).
   */
  Cluster toCluster(Cluster original) {
    Map<String, BalanceInstance> moved = new HashMap<>();
    instances.forEach(i -> moved.put(i.instance.name(), i));
    List<Instance> insts = new ArrayList<>();
    for (Instance i : original.instances()) {
      BalanceInstance b = moved.get(i.name());
      insts.add(
          b == null
              ? i
              : i.placedOn(nodes[b.primary].name, b.secondary >= 0 ? nodes[b.secondary].name : ""));
    }
    List<Node> ns = new ArrayList<>();
    for (int n = 0; n < nodes.length; n++) {
      Node node = original.nodes().get(n);
      NodeState s = nodes[n];
      ns.add(node.withResources(node.resources().withFree(node.resources().memFree(), s.fDsk)));
    }
    return new Cluster(
        original.name(), original.groups(), ns, insts, original.tags(), original.policies());
  }

  private static List<String> prefixes(List<String> tags, String prefix) {
    List<String> out = new ArrayList<>();
    tags.stream()
        .filter(t -> t.startsWith(prefix))
        .forEach(t -> out.add(t.substring(prefix.length())));
    return out;
  }

  private static Set<String> tagged(List<String> tags, List<String> prefixes) {
    Set<String> out = new HashSet<>();
    for (String p : prefixes) {
      tags.stream().filter(t -> t.startsWith(p + ":")).forEach(out::add);
    }
    return out;
  }

  /**
   * The vCPU ratio and the spindle ratio of a group: its policy line, else the cluster's, else 4
   * and 32.
   */
  private static double[] ratios(Cluster cluster, String groupName) {
    double[] clusterRatios = {4.0, 32.0};
    double[] groupRatios = null;
    for (String line : cluster.policies()) {
      String[] f = line.split("\\|", -1);
      if (f.length < 6) {
        continue;
      }
      try {
        double[] r = {Double.parseDouble(f[4]), Double.parseDouble(f[5])};
        if (f[0].isEmpty()) {
          clusterRatios = r;
        } else if (f[0].equals(groupName)) {
          groupRatios = r;
        }
      } catch (NumberFormatException e) {
        // a policy line without ratios keeps the defaults
      }
    }
    return groupRatios != null ? groupRatios : clusterRatios;
  }
}
