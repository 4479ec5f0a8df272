package org.maintd.balance;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;

/**
 * One node group while it is balanced: every node's state (indexed as the cluster's nodes), the
 * group's instances and where they are, the score's sums, and the table of moves tried from them,
 * kept between steps. Built by {@link ModelBuilder}. Not thread-safe.
 */
final class BalanceModel {
  private final NodeState[] nodes;
  private final boolean[] inGroup;
  private final BalanceInstance[] instances;
  private final ScoreSums sums;
  private final Moves moves;
  private final MoveTable table;
  private final int[] online;

  BalanceModel(
      NodeState[] nodes, boolean[] inGroup, BalanceInstance[] instances, BalanceOptions options) {
    this.nodes = nodes;
    this.inGroup = inGroup;
    this.instances = instances;
    this.sums = new ScoreSums(nodes, inGroup);
    this.online = online(nodes, inGroup);
    this.moves = new Moves(nodes, online, options);
    this.table = new MoveTable(nodes, sums, moves, instances, online);
  }

  static BalanceModel of(Cluster cluster, String group) {
    return of(cluster, group, BalanceOptions.hbal());
  }

  static BalanceModel of(Cluster cluster, String group, BalanceOptions options) {
    return of(cluster, group, options, Load.none());
  }

  static BalanceModel of(Cluster cluster, String group, BalanceOptions options, Load load) {
    return ModelBuilder.build(cluster, group, options, load);
  }

  double score() {
    return sums.score();
  }

  /**
   * The score of the nodes {@code group} marks (indexed as the nodes), as they are now: a node's
   * terms do not depend on the group the model balances.
   */
  double scoreOf(boolean[] group) {
    return new ScoreSums(nodes, group).score();
  }

  /** Every term's value, before weighting. */
  Map<ScoreComponent, Double> components() {
    return sums.components();
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
    double drbd = group.stream().mapToDouble(n -> n.peers.sum()).sum();
    return ScoreComponent.RESERVED_MEM_RTOTAL.weight() * (drbd / oneLess - drbd / totalMem);
  }

  /** The best move of any instance, if one lowers the score. */
  Optional<Candidate> bestMove() {
    return bestMove(c -> true);
  }

  /** The best allowed move of any instance, if one lowers the score. */
  Optional<Candidate> bestMove(Predicate<Candidate> allowed) {
    return table.best(new boolean[nodes.length], allowed);
  }

  /**
   * The best allowed move of any instance that touches no {@code busy} node (indexed as the nodes),
   * if one lowers the score.
   */
  Optional<Candidate> bestMove(boolean[] busy, Predicate<Candidate> allowed) {
    return table.best(busy, allowed);
  }

  /** The nodes named in {@code names}, marked by their index. */
  boolean[] marked(Set<String> names) {
    boolean[] out = new boolean[nodes.length];
    for (NodeState n : nodes) {
      out[n.index] = names.contains(n.name);
    }
    return out;
  }

  /** The move as it would be reported, before it is made. */
  BalanceMove preview(Candidate c) {
    BalanceInstance i = c.instance();
    return new BalanceMove(
        i.instance.name(),
        name(i.primary),
        name(i.secondary),
        name(c.newPrimary()),
        name(c.newSecondary()),
        c.score(),
        c.kind().commands(name(c.target())));
  }

  /**
   * The score once {@code c} is made, summed afresh as the model sums a state: not the candidate's
   * own score, which is taken from the sums as they are and may differ in the last bits.
   */
  double scoreAfter(Candidate c) {
    return sums.scoreAfter(moves.trial(c.instance(), c.kind(), c.target()));
  }

  /** Makes a move: the nodes take their trial state, the instance its new nodes. */
  BalanceMove apply(Candidate c) {
    BalanceInstance i = c.instance();
    String oldP = name(i.primary);
    String oldS = name(i.secondary);
    String commands = c.kind().commands(name(c.target()));
    NodeState[] changed = moves.trial(i, c.kind(), c.target());
    sums.moved(changed);
    for (NodeState n : changed) {
      nodes[n.index] = n;
    }
    int newPrimary = c.newPrimary();
    int newSecondary = c.newSecondary();
    i.primary = newPrimary;
    i.secondary = newSecondary;
    table.changed(changed, i);
    return new BalanceMove(
        i.instance.name(), oldP, oldS, name(i.primary), name(i.secondary), score(), commands);
  }

  /**
   * The cluster with the instances where the moves put them and each node's free disk; free memory
   * stays as the nodes reported it, as hbal writes it (the htools reconcile it with the instances'
   * memory when they load the file).
   */
  Cluster toCluster(Cluster original) {
    Map<String, BalanceInstance> moved = new HashMap<>();
    for (BalanceInstance i : instances) {
      moved.put(i.instance.name(), i);
    }
    List<Instance> insts = new ArrayList<>();
    for (Instance i : original.instances()) {
      BalanceInstance b = moved.get(i.name());
      insts.add(b == null ? i : i.placedOn(name(b.primary), name(b.secondary)));
    }
    List<Node> ns = new ArrayList<>();
    for (int n = 0; n < nodes.length; n++) {
      Node node = original.nodes().get(n);
      ns.add(
          node.withResources(node.resources().withFree(node.resources().memFree(), nodes[n].fDsk)));
    }
    return new Cluster(
        original.name(), original.groups(), ns, insts, original.tags(), original.policies());
  }

  /** The nodes as they are now, indexed as the cluster's. */
  NodeState[] nodes() {
    return nodes;
  }

  BalanceInstance[] instances() {
    return instances;
  }

  /** The group's nodes that receive instances, in order. */
  int[] onlineNodes() {
    return online.clone();
  }

  ScoreSums sums() {
    return sums;
  }

  Moves moves() {
    return moves;
  }

  /** A node's name; none ({@code -1}): empty. */
  private String name(int node) {
    return node >= 0 ? nodes[node].name : "";
  }

  /** The group's nodes that are neither offline nor drained, in order. */
  private static int[] online(NodeState[] nodes, boolean[] inGroup) {
    int count = 0;
    int[] out = new int[nodes.length];
    for (int n = 0; n < nodes.length; n++) {
      if (inGroup[n] && !nodes[n].offline) {
        out[count++] = n;
      }
    }
    return Arrays.copyOf(out, count);
  }
}
