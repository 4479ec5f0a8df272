package org.maintd.protocol.api;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;
import org.maintd.machine.MachineMode;
import org.maintd.machine.Machines;
import org.maintd.plan.PlanItem;
import org.maintd.reboot.CyclePhase;
import org.maintd.reboot.NodeCycle;
import org.maintd.reboot.Reboots;
import org.maintd.round.PlanSnapshot;
import org.maintd.spi.CollectorReading;
import org.maintd.spi.CollectorStatus;
import org.maintd.spi.MaintdState;

/**
 * A node as {@code /1/nodes} shows it: its name and uuid (the {@code node} of its incidents in
 * {@code /1/status}), its flags and mode, tags, instances, free memory and disk, incidents, its
 * collector's last answer, whether maintd took it out of service and why, and whether automatic
 * actions are paused, and its reboot requests.
 */
public record NodeView(
    String name,
    String uuid,
    String group,
    boolean master,
    boolean offline,
    boolean drained,
    boolean master_candidate,
    String mode,
    List<String> tags,
    List<String> primary_instances,
    List<String> secondary_instances,
    long memory_free,
    long disk_free,
    List<String> incidents,
    Collector collector,
    Double last_report,
    TakenOut taken_out,
    boolean paused,
    String pause_reason,
    Reboot reboot) {

  /**
   * Its reboot requests: the phase of its power cycle, whether keys hold it off (it is held: off,
   * or offline after its reboot) and which keys hold it, how many requests are active, and what its
   * cycle waits for in the last plan (a {@link org.maintd.wait.WaitReason} kind such as {@code
   * cap}; null when it does not wait).
   */
  public record Reboot(String phase, boolean held, List<String> keys, int active, String waits) {
    static Reboot of(String node, Reboots reboots, Map<String, String> waits) {
      CyclePhase phase = reboots.find(node).map(NodeCycle::phase).orElse(CyclePhase.IDLE);
      return new Reboot(
          phase.name().toLowerCase(Locale.ROOT),
          phase == CyclePhase.HELD,
          RebootView.keys(reboots.activeOf(node)),
          reboots.activeOf(node).size(),
          waits.get(node));
    }

    /** What each node's reboot waits for in {@code plan}: the kind of its wait, by node. */
    static Map<String, String> waits(PlanSnapshot plan) {
      Map<String, String> out = new HashMap<>();
      for (PlanItem item : plan == null ? List.<PlanItem>of() : plan.items()) {
        if (item.kind().equals("reboot")) {
          item.next().waits().ifPresent(w -> out.put(item.id(), w.kind()));
        }
      }
      return out;
    }
  }

  /**
   * The collector's last answer: {@code ok}, {@code collector-error}, {@code rejected}, {@code
   * unreachable}, or {@code not-polled-yet} (no daemon has polled it since the state began); on a
   * standby, and on a leader before its first poll, as the leader last polled it (the state keeps
   * it), with the time it has said so since.
   */
  public record Collector(String health, String detail, Double time) {}

  /** Since when, by which incident or campaign, and why maintd took the node out of service. */
  public record TakenOut(double since, String by, String reason) {}

  /**
   * The nodes of {@code cluster} with their last readings, as {@code state} has them and as the
   * last {@code plan} (null: none yet) says their reboots wait.
   */
  public static List<NodeView> of(
      Cluster cluster,
      Map<String, CollectorReading> readings,
      MaintdState state,
      PlanSnapshot plan) {
    List<NodeView> list = new ArrayList<>();
    if (cluster == null) {
      return list;
    }
    Sources sources = Sources.of(cluster, readings, state, plan);
    for (Node n : cluster.nodes()) {
      list.add(sources.view(n));
    }
    return list;
  }

  /**
   * What the views of one cluster's nodes are made of, gathered once (each node's instances,
   * incidents, group name and reboot waits), so that a view is made for a node only when it is
   * shown: a page of 50 of 10,000 nodes makes 50. Immutable.
   */
  public static final class Sources {
    private final Map<String, CollectorReading> readings;
    private final MaintdState state;
    private final Map<String, String> rebootWaits;
    private final Map<String, List<String>> primaries = new HashMap<>();
    private final Map<String, List<String>> secondaries = new HashMap<>();
    private final Map<String, List<String>> incidents = new HashMap<>();
    private final Map<String, String> groups = new HashMap<>();

    private Sources(
        Map<String, CollectorReading> readings, MaintdState state, Map<String, String> waits) {
      this.readings = readings;
      this.state = state;
      this.rebootWaits = waits;
    }

    /** The sources of {@code cluster}'s node views, as {@link NodeView#of} takes them. */
    public static Sources of(
        Cluster cluster,
        Map<String, CollectorReading> readings,
        MaintdState state,
        PlanSnapshot plan) {
      Sources s = new Sources(readings, state, Reboot.waits(plan));
      for (Instance i : cluster.instances()) {
        s.primaries.computeIfAbsent(i.primary(), k -> new ArrayList<>()).add(i.name());
        if (i.hasSecondary()) {
          s.secondaries.computeIfAbsent(i.secondary(), k -> new ArrayList<>()).add(i.name());
        }
      }
      state
          .incidents()
          .forEach(
              i ->
                  s.incidents
                      .computeIfAbsent(i.node(), k -> new ArrayList<>())
                      .add(i.uuid().toString()));
      cluster.groups().forEach(g -> s.groups.put(g.uuid(), g.name()));
      return s;
    }

    /** The name of {@code n}'s group (its uuid when the cluster names no such group). */
    public String group(Node n) {
      return groups.getOrDefault(n.group(), n.group());
    }

    /** {@code n}'s mode, as its view shows it. */
    public String mode(Node n) {
      return NodeView.mode(n, state);
    }

    /** {@code n} as {@code /1/nodes} shows it. */
    public NodeView view(Node n) {
      CollectorReading r = readings.get(n.name());
      CollectorStatus stored = state.collectors().get(n.name());
      return new NodeView(
          n.name(),
          n.uuid(),
          group(n),
          n.master(),
          n.offline(),
          n.drained(),
          n.flags().masterCandidate(),
          mode(n),
          n.tags(),
          primaries.getOrDefault(n.name(), List.of()),
          secondaries.getOrDefault(n.name(), List.of()),
          n.resources().memFree(),
          n.resources().diskFree(),
          incidents.getOrDefault(n.name(), List.of()),
          collector(r, stored),
          lastReport(r, stored),
          Machines.find(state.machines(), n.name())
              .map(m -> new TakenOut(Times.seconds(m.since()), m.owner(), m.reason()))
              .orElse(null),
          state.paused(),
          state.pauseReason(),
          Reboot.of(n.name(), state.reboots(), rebootWaits));
    }
  }

  /**
   * The node's mode: the maintenance schedule's when it has moved the node out of UP, else what its
   * flags show (drained: DRAIN, offline: DOWN).
   */
  private static String mode(Node n, MaintdState state) {
    MachineMode scheduled = state.maintenance().modeOf(n.name());
    return (scheduled == MachineMode.UP ? MachineMode.of(n) : scheduled).name();
  }

  private static Double lastReport(CollectorReading r, CollectorStatus stored) {
    if (r != null) {
      return Times.seconds(r.at());
    }
    return stored == null ? null : Times.seconds(stored.since());
  }

  private static Collector collector(CollectorReading r, CollectorStatus stored) {
    if (r != null) {
      return new Collector(r.health(), r.detail(), Times.seconds(r.at()));
    }
    return stored == null
        ? new Collector("not-polled-yet", "", null)
        : new Collector(stored.health(), stored.detail(), Times.seconds(stored.since()));
  }
}
