package org.maintd.campaign;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Node;
import org.maintd.roll.RebootPlanner;
import org.maintd.roll.RollException;
import org.maintd.roll.RollOptions;
import org.maintd.roll.RollPlan;

/**
 * Creates campaigns: the reboot groups are hroller's plan (the best of several colourings of the
 * conflict graph, and of those iterated greedy finds from it: never more groups than hroller's)
 * restricted to the selected nodes, split to at most {@code maxNodes} nodes, with the master alone
 * in the last group. Stateless.
 */
public final class Campaigns {
  private final RebootPlanner planner = new RebootPlanner();

  public Campaign create(String id, CampaignSpec spec, Cluster cluster, Instant now) {
    List<String> selected = spec.selection().resolve(cluster);
    String master = cluster.master().map(Node::name).orElse("");
    List<List<String>> groups = groups(rollPlan(spec, cluster), selected, master, spec);
    List<String> planned = groups.stream().flatMap(List::stream).toList();
    List<String> left =
        selected.stream().filter(n -> !planned.contains(n) && !n.equals(master)).toList();
    if (!left.isEmpty()) {
      throw new CampaignException(
          CampaignException.Kind.CONFLICT,
          "the reboot plan leaves out "
              + String.join(", ", left)
              + " (their instances have nowhere to go); select other nodes or free capacity first");
    }
    if (selected.contains(master)) {
      groups.add(List.of(master));
    }
    return started(id, spec, groups, now);
  }

  /** hroller's plan of the whole cluster, with the campaign's group and mode. */
  private RollPlan rollPlan(CampaignSpec spec, Cluster cluster) {
    RollOptions options =
        RollOptions.defaults()
            .withGroup(Optional.of(spec.selection().group()).filter(g -> !g.isEmpty()))
            .withFullEvacuation(spec.mode() == CampaignMode.FULL_EVACUATION)
            .withFewerGroups(true);
    try {
      return planner.plan(cluster, options);
    } catch (RollException e) {
      throw new CampaignException(
          CampaignException.Kind.CONFLICT, "cannot plan the reboot groups: " + e.getMessage());
    }
  }

  /**
   * The groups of {@code plan} restricted to the {@code selected} nodes but the master, each split
   * into groups of at most the campaign's {@code maxNodes}.
   */
  private static List<List<String>> groups(
      RollPlan plan, List<String> selected, String master, CampaignSpec spec) {
    List<List<String>> groups = new ArrayList<>();
    for (RollPlan.Group g : plan.groups()) {
      List<String> nodes =
          g.nodes().stream().filter(selected::contains).filter(n -> !n.equals(master)).toList();
      for (int i = 0; i < nodes.size(); i += chunk(spec, nodes.size())) {
        groups.add(nodes.subList(i, Math.min(nodes.size(), i + chunk(spec, nodes.size()))));
      }
    }
    return groups;
  }

  /** The campaign {@code id} of {@code groups}, running from {@code now}, its creation said. */
  private static Campaign started(
      String id, CampaignSpec spec, List<List<String>> groups, Instant now) {
    List<NodeProgress> nodes =
        groups.stream().flatMap(List::stream).map(n -> NodeProgress.waiting(n, now)).toList();
    Campaign c =
        new Campaign(
            id,
            spec,
            CampaignStatus.RUNNING,
            "",
            groups,
            0,
            nodes,
            List.of(),
            List.of(),
            "",
            now,
            now);
    return c.event(
        now,
        "created",
        groups.size()
            + " group(s) of "
            + spec.selection()
            + ", mode "
            + spec.mode().wireName()
            + ": "
            + groups.stream().map(g -> String.join(",", g)).toList());
  }

  private static int chunk(CampaignSpec spec, int size) {
    return spec.maxNodes() == 0 ? Math.max(1, size) : spec.maxNodes();
  }
}
