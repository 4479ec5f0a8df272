package org.maintd.roll;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Group;
import org.maintd.cluster.Node;

/**
 * Plans rolling reboots as hroller does: colour the conflict graph of the selected nodes three ways
 * and keep the colouring with the fewest colours; split each colour class until the non-redundant
 * instances of its nodes fit elsewhere in their node group (unless told to ignore them); with full
 * evacuation, migrate DRBD instances off each group and split it until their secondaries fit
 * elsewhere; then order the groups largest first, with the master node last in the last group.
 * Targets are chosen first-fit in node order, as hroller does. With {@code fewerGroups}, the
 * colourings iterated greedy finds from hroller's are planned too, and the plan with the fewest
 * groups is kept (hroller's of equal ones). Stateless.
 */
public final class RebootPlanner {
  /** How the warning about snapshots whose free resources do not add up begins. */
  public static final String INCONSISTENT = "cluster has inconsistent data:";

  /** The most rounds of iterated greedy colouring with {@code fewerGroups}. */
  private static final int FEWER_ROUNDS = 400;

  public RollPlan plan(Cluster cluster, RollOptions options) {
    return plan(cluster, options, g -> {});
  }

  /**
   * As {@link #plan(Cluster, RollOptions)}, handing {@code graphs} the conflict graph and hroller's
   * colourings of it as soon as they are made, before the groups are planned (so also when planning
   * them fails afterwards, as hroller shows its graph then).
   */
  public RollPlan plan(Cluster cluster, RollOptions options, Consumer<RollGraph> graphs) {
    List<String> warnings = new ArrayList<>();
    try {
      return plan(cluster, options, warnings, graphs);
    } catch (RollException e) {
      throw new RollException(e.getMessage(), warnings);
    }
  }

  /**
   * The checks hroller makes before anything else, and before it saves the cluster ({@code -S}):
   * one master node (none is only a warning with force), and nodes given as offline that exist.
   * Answers the warnings found so far, the first ones {@link #plan} answers too; throws {@link
   * RollException} as {@link #plan} does.
   */
  public List<String> check(Cluster cluster, RollOptions options) {
    List<String> warnings = new ArrayList<>();
    try {
      checked(cluster, new Layout(cluster), options, warnings);
    } catch (RollException e) {
      throw new RollException(e.getMessage(), warnings);
    }
    return warnings;
  }

  /** The checks of {@link #check}; the offline nodes, by index. */
  private static boolean[] checked(
      Cluster cluster, Layout base, RollOptions options, List<String> warnings) {
    List<String> inconsistent = base.inconsistencies();
    if (!inconsistent.isEmpty()) {
      StringBuilder b = new StringBuilder(INCONSISTENT);
      inconsistent.forEach(m -> b.append("\n  - ").append(m));
      warnings.add(b.append("\n").toString());
    }
    List<Node> masters = cluster.nodes().stream().filter(Node::master).toList();
    if (masters.isEmpty()) {
      if (!options.force()) {
        throw new RollException("No master node found (maybe not supported by backend).");
      }
      warnings.add("No master node found (maybe not supported by backend).");
    } else if (masters.size() > 1) {
      throw new RollException(
          "Found more than one master node: "
              + masters.stream()
                  .map(n -> "\"" + n.name() + "\"")
                  .toList()
                  .toString()
                  .replace(", ", ","));
    }
    return offline(cluster, options);
  }

  private RollPlan plan(
      Cluster cluster, RollOptions options, List<String> warnings, Consumer<RollGraph> graphs) {
    Layout base = new Layout(cluster);
    boolean[] offline = checked(cluster, base, options, warnings);
    int count = cluster.nodes().size();
    Optional<Group> group =
        options
            .group()
            .map(
                g ->
                    cluster.groups().stream()
                        .filter(x -> x.name().equals(g) || x.uuid().equals(g))
                        .findFirst()
                        .orElseThrow(() -> new RollException("Cannot find target group.")));
    Optional<Pattern> regex = options.nodeRegex().map(Pattern::compile);
    boolean[] selected = new boolean[count];
    for (int n = 0; n < count; n++) {
      Node node = cluster.nodes().get(n);
      selected[n] =
          !offline[n]
              && (!options.skipNonRedundant() || nonRedundant(base, n).isEmpty())
              && options
                  .nodeTags()
                  .map(tags -> node.tags().stream().anyMatch(tags::contains))
                  .orElse(true)
              && group.map(g -> node.group().equals(g.uuid())).orElse(true)
              && regex.map(r -> r.matcher(node.name()).find()).orElse(true);
    }
    ConflictGraph graph = ConflictGraph.build(base, selected, !options.offlineMaintenance());
    List<int[]> threeWays = Colorings.hrollers(graph);
    graphs.accept(RollGraph.of(graph, threeWays));
    List<List<Integer>> hrollers = Colorings.best(threeWays);
    List<List<List<Integer>>> colorings =
        options.fewerGroups() ? Colorings.fewer(graph, hrollers, FEWER_ROUNDS) : List.of(hrollers);
    List<Integer> online = new ArrayList<>();
    for (int n = 0; n < count; n++) {
      if (!offline[n]) {
        online.add(n);
      }
    }
    List<Planned> best = groups(classes(colorings.get(0), graph), online, base, options);
    for (List<List<Integer>> coloring : colorings.subList(1, colorings.size())) {
      try {
        List<Planned> groups = groups(classes(coloring, graph), online, base, options);
        if (groups.size() < best.size()) {
          best = groups;
        }
      } catch (RollException e) {
        // this colouring's groups cannot be emptied: hroller's, or another, stays the best
      }
    }
    return new RollPlan(order(cluster, best, selected, base), warnings);
  }

  /** The colour classes as node indices. */
  private static List<List<Integer>> classes(List<List<Integer>> coloring, ConflictGraph graph) {
    List<List<Integer>> classes = new ArrayList<>();
    for (List<Integer> c : coloring) {
      classes.add(c.stream().map(v -> v + graph.low).toList());
    }
    return classes;
  }

  /**
   * The reboot groups of the colour {@code classes}: each split until its non-redundant instances
   * fit elsewhere (unless ignored), then with full evacuation until the secondaries do.
   */
  private static List<Planned> groups(
      List<List<Integer>> classes, List<Integer> online, Layout base, RollOptions options) {
    List<Planned> groups = new ArrayList<>();
    for (List<Integer> c : classes) {
      if (options.ignoreNonRedundant()) {
        groups.add(new Planned(c, base));
      } else {
        groups.addAll(
            partition(
                c,
                online,
                base,
                RebootPlanner::nonRedundant,
                Layout::move,
                "Not enough capacity to move non-redundant instances"));
      }
    }
    if (options.fullEvacuation()) {
      List<Planned> migrated = new ArrayList<>();
      for (Planned g : groups) {
        migrated.add(migrateOff(g));
      }
      groups = new ArrayList<>();
      for (Planned g : migrated) {
        groups.addAll(
            partition(
                g.nodes(),
                online,
                g.layout(),
                (l, n) -> new ArrayList<>(l.secondaryList(n)),
                Layout::replaceSecondary,
                "Not enough capacity to move secondaries"));
      }
    }
    return groups;
  }

  private record Planned(List<Integer> nodes, Layout layout) {}

  private static boolean[] offline(Cluster cluster, RollOptions options) {
    boolean[] offline = new boolean[cluster.nodes().size()];
    List<String> names = cluster.nodes().stream().map(Node::name).toList();
    List<String> wrong = new ArrayList<>();
    List<String> given = new ArrayList<>();
    for (String name : options.offlineNodes()) {
      Optional<String> found = lookup(names, name);
      found.ifPresentOrElse(given::add, () -> wrong.add(name));
    }
    if (!wrong.isEmpty()) {
      throw new RollException(
          "wrong node name(s) set as offline: "
              + String.join(",", wrong.stream().sorted().toList()));
    }
    for (int n = 0; n < offline.length; n++) {
      offline[n] = cluster.nodes().get(n).offline() || given.contains(names.get(n));
    }
    return offline;
  }

  /** A node given by its full name or by its name without the domain, if that is unique. */
  private static Optional<String> lookup(List<String> names, String name) {
    if (names.contains(name)) {
      return Optional.of(name);
    }
    List<String> prefixed = names.stream().filter(n -> n.startsWith(name + ".")).toList();
    return prefixed.size() == 1 ? Optional.of(prefixed.get(0)) : Optional.empty();
  }

  static List<Integer> nonRedundant(Layout l, int node) {
    return l.primaryList(node).stream().filter(i -> !l.hasSecondary(i)).toList();
  }

  /**
   * Splits {@code nodes} into groups: greedily, in order, a node joins the current group if its
   * instances (as {@code instances} lists them) can be placed on other nodes of its node group that
   * are not in the group; the others start the next group, and so on. Each group plans its moves
   * from {@code from}.
   */
  private static List<Planned> partition(
      List<Integer> nodes,
      List<Integer> targets,
      Layout from,
      BiFunction<Layout, Integer, List<Integer>> instances,
      Placer placer,
      String failure) {
    List<Planned> out = new ArrayList<>();
    List<Integer> remaining = new ArrayList<>(nodes);
    while (!remaining.isEmpty()) {
      Layout layout = from.copy();
      List<Integer> group = new ArrayList<>();
      List<Integer> free = new ArrayList<>(targets);
      for (int n : remaining) {
        List<Integer> others = new ArrayList<>(free);
        others.remove(Integer.valueOf(n));
        String g = layout.node(n).group();
        List<Integer> sameGroup =
            others.stream().filter(t -> layout.node(t).group().equals(g)).toList();
        int mark = layout.mark();
        if (placeAll(layout, instances.apply(layout, n), sameGroup, placer)) {
          group.add(n);
          free = others;
        } else {
          layout.rollback(mark);
        }
      }
      if (group.isEmpty()) {
        throw new RollException(failure);
      }
      layout.commit();
      out.add(new Planned(group, layout));
      remaining.removeAll(group);
    }
    return out;
  }

  private interface Placer {
    boolean place(Layout layout, int instance, int target);
  }

  private static boolean placeAll(
      Layout layout, List<Integer> instances, List<Integer> targets, Placer placer) {
    for (int inst : instances) {
      boolean placed = false;
      for (int t : targets) {
        if (placer.place(layout, inst, t)) {
          placed = true;
          break;
        }
      }
      if (!placed) {
        return false;
      }
    }
    return true;
  }

  private static Planned migrateOff(Planned g) {
    Layout layout = g.layout().copy();
    List<Integer> drbd = new ArrayList<>();
    for (int n : g.nodes()) {
      layout.primaryList(n).stream().filter(layout::hasSecondary).forEach(drbd::add);
    }
    for (int inst : drbd) {
      if (!layout.migrate(inst)) {
        throw new RollException("Failed to migrate instances off nodes");
      }
    }
    layout.commit();
    return new Planned(g.nodes(), layout);
  }

  private static List<RollPlan.Group> order(
      Cluster cluster, List<Planned> groups, boolean[] selected, Layout base) {
    List<Planned> shown = new ArrayList<>();
    for (Planned g : groups) {
      shown.add(new Planned(g.nodes().stream().filter(n -> selected[n]).toList(), g.layout()));
    }
    shown.sort(Comparator.comparingInt((Planned g) -> g.nodes().size()).reversed());
    List<RollPlan.Group> withoutMaster = new ArrayList<>();
    List<RollPlan.Group> withMaster = new ArrayList<>();
    for (Planned g : shown) {
      List<String> names = new ArrayList<>();
      List<String> masters = new ArrayList<>();
      for (int n : g.nodes()) {
        Node node = cluster.nodes().get(n);
        (node.master() ? masters : names).add(node.name());
      }
      names.addAll(masters);
      RollPlan.Group out = new RollPlan.Group(names, moves(base, g.layout()));
      (masters.isEmpty() ? withoutMaster : withMaster).add(out);
    }
    withoutMaster.addAll(withMaster);
    return withoutMaster;
  }

  /**
   * Instances that changed nodes between the snapshot and a group's layout, except plain DRBD
   * swaps.
   */
  private static List<RollPlan.Move> moves(Layout before, Layout after) {
    List<RollPlan.Move> moves = new ArrayList<>();
    for (int i = 0; i < before.instanceCount(); i++) {
      boolean mirrored = before.hasSecondary(i);
      boolean changed =
          before.primary(i) != after.primary(i)
              || (mirrored && before.secondary(i) != after.secondary(i));
      boolean swapped =
          after.primary(i) == before.secondary(i) && after.secondary(i) == before.primary(i);
      if (changed && !swapped) {
        moves.add(
            new RollPlan.Move(
                before.instance(i).name(),
                after.node(after.primary(i)).name(),
                mirrored ? Optional.of(after.node(after.secondary(i)).name()) : Optional.empty()));
      }
    }
    return moves;
  }
}
