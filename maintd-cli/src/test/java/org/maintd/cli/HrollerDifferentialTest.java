package org.maintd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;
import org.maintd.htools.HtoolsReader;
import org.maintd.roll.RebootPlanner;
import org.maintd.roll.RollOptions;
import org.maintd.roll.RollPlan;
import org.maintd.testing.GanetiTools;

/**
 * maintd's reboot groups against Ganeti's own hroller (Debian's ganeti-htools-3.0) on generated
 * clusters of several sizes and seeds: {@code maintctl roll -v} (and {@code -v -v} up to 150 nodes)
 * prints what hroller prints, byte for byte (its colourings' line, its conflict graph, its groups);
 * every group is an independent set of the conflict graph (no DRBD pair, and online no two
 * primaries sharing a secondary, in one group), every node is in exactly one group, the
 * non-redundant instances of a group fit on the nodes outside it, and there are never more groups
 * than hroller finds, with hroller's colourings or with fewer groups asked for. A failing case
 * names its seed and size.
 */
class HrollerDifferentialTest {
  private static final Path HROLLER = Path.of("/usr/lib/ganeti/3.0/usr/bin/hroller");

  @TempDir Path tmp;

  static Stream<Arguments> clusters() {
    List<Arguments> out = new ArrayList<>();
    for (long seed = 1; seed <= 4; seed++) {
      out.add(Arguments.of(20, 1, 100, seed, false));
      out.add(Arguments.of(60, 2, 500, seed, false));
      out.add(Arguments.of(60, 2, 500, seed, true));
    }
    out.add(Arguments.of(150, 3, 1500, 7L, false));
    out.add(Arguments.of(1000, 10, 10000, 11L, true));
    return out.stream();
  }

  @ParameterizedTest(
      name = "{0} nodes, {1} groups, {2} instances, seed {3}, offline maintenance {4}")
  @MethodSource("clusters")
  void neverMoreGroupsThanHrollerAndEveryGroupIsSafe(
      int nodes, int groups, int instances, long seed, boolean offline) throws Exception {
    GanetiTools.require(HROLLER);
    String text = GeneratedCluster.text(nodes, groups, instances, seed);
    Path file = tmp.resolve("c.data");
    Files.writeString(file, text);
    Cluster cluster = new HtoolsReader().read(text, "generated");
    String where = nodes + " nodes, seed " + seed + (offline ? ", offline maintenance" : "");

    List<String> args = new ArrayList<>(List.of("--no-headers"));
    args.addAll(nodes <= 150 ? List.of("-v", "-v") : List.of("-v"));
    if (offline) {
      args.add("--offline-maintenance");
    }
    PinnedRoll.Output reference = PinnedRoll.hroller(args, file, 300);
    assertEquals(0, reference.rc(), reference.stderr());
    PinnedRoll.Output maintctl = PinnedRoll.maintctl(args, file);
    String run = where + ": maintctl roll " + String.join(" ", args);
    assertEquals(reference.stdout(), maintctl.stdout(), run);
    assertEquals(reference.stderr(), maintctl.stderr(), run);
    long verboseLines = args.stream().filter("-v"::equals).count();
    long hrollerGroups = reference.stdout().lines().count() - verboseLines;

    RollOptions options = RollOptions.defaults().withOfflineMaintenance(offline);
    for (RollOptions o : List.of(options, options.withFewerGroups(true))) {
      RollPlan plan = new RebootPlanner().plan(cluster, o);
      String how = where + (o.fewerGroups() ? ", fewer groups" : "");
      assertTrue(
          plan.groups().size() <= hrollerGroups,
          how + ": maintd found " + plan.groups().size() + " groups, hroller " + hrollerGroups);
      checkGroups(cluster, plan, offline, how);
    }
  }

  /**
   * On a generated 5,000-node cluster with offline maintenance, iterated greedy colouring finds a
   * plan with fewer groups than hroller's (8), and every group is safe.
   */
  @org.junit.jupiter.api.Test
  void fewerGroupsThanHrollerOnA5000NodeCluster() throws Exception {
    GanetiTools.require(HROLLER);
    String text = GeneratedCluster.text(5000, 50, 50000, 1);
    Path file = tmp.resolve("c.data");
    Files.writeString(file, text);
    Process p =
        new ProcessBuilder(
                HROLLER.toString(), "--no-headers", "--offline-maintenance", "-t", file.toString())
            .redirectErrorStream(true)
            .start();
    String reference = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(300, TimeUnit.SECONDS), "hroller did not finish");
    assertEquals(0, p.exitValue(), reference);
    Cluster cluster = new HtoolsReader().read(text, "generated");
    RollOptions options = RollOptions.defaults().withOfflineMaintenance(true).withFewerGroups(true);
    RollPlan plan = new RebootPlanner().plan(cluster, options);
    assertTrue(
        plan.groups().size() < reference.lines().count(),
        plan.groups().size() + " groups, hroller " + reference.lines().count());
    checkGroups(cluster, plan, true, "5,000 nodes, fewer groups");
  }

  private static void checkGroups(Cluster cluster, RollPlan plan, boolean offline, String where) {
    Map<String, Integer> groupOf = new HashMap<>();
    for (int g = 0; g < plan.groups().size(); g++) {
      for (String n : plan.groups().get(g).nodes()) {
        assertTrue(groupOf.put(n, g) == null, where + ": " + n + " is in two groups");
      }
    }
    for (Node n : cluster.nodes()) {
      assertTrue(
          n.offline() || groupOf.containsKey(n.name()),
          where + ": " + n.name() + " is in no group");
    }
    Map<String, List<String>> primariesBySecondary = new HashMap<>();
    for (Instance i : cluster.instances()) {
      if (i.diskTemplate() == DiskTemplate.DRBD) {
        assertTrue(
            !groupOf.get(i.primary()).equals(groupOf.get(i.secondary())),
            where + ": " + i.name() + "'s primary and secondary reboot together");
        primariesBySecondary
            .computeIfAbsent(i.secondary(), k -> new ArrayList<>())
            .add(i.primary());
      }
    }
    if (!offline) {
      for (List<String> primaries : primariesBySecondary.values()) {
        Set<Integer> seen = new HashSet<>();
        for (String p : new HashSet<>(primaries)) {
          assertTrue(
              seen.add(groupOf.get(p)),
              where + ": two primaries sharing a secondary reboot together: " + primaries);
        }
      }
      for (RollPlan.Group g : plan.groups()) {
        checkNonRedundantFit(cluster, g, where);
      }
    }
  }

  /**
   * The moves of a group take every non-redundant instance off it, onto nodes that are not in it.
   */
  private static void checkNonRedundantFit(Cluster cluster, RollPlan.Group g, String where) {
    Set<String> members = new HashSet<>(g.nodes());
    Map<String, String> movedTo = new HashMap<>();
    g.moves().forEach(m -> movedTo.put(m.instance(), m.primary()));
    Map<String, Long> added = new HashMap<>();
    for (Instance i : cluster.instances()) {
      if (i.diskTemplate() != DiskTemplate.DRBD && members.contains(i.primary())) {
        String target = movedTo.get(i.name());
        assertTrue(
            target != null && !members.contains(target),
            where + ": " + i.name() + " stays on a rebooting node");
        added.merge(target, i.status().isRunning() ? i.memory() : 0, Long::sum);
      }
    }
    for (Map.Entry<String, Long> e : added.entrySet()) {
      Node n = cluster.node(e.getKey()).orElseThrow();
      assertTrue(
          n.resources().memFree() - e.getValue() > -1,
          where + ": " + n.name() + " receives more memory than it has free");
    }
  }
}
