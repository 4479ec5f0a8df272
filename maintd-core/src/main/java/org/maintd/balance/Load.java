package org.maintd.balance;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;

/**
 * What is known of the instances' load, as hbal takes it (Ganeti 3.0): a utilisation per instance
 * name ({@code -U}; instances not named weigh {@link Utilisation#BASE}, names of no instance are
 * ignored), or none at all ({@code --ignore-dynu}); and a CPU measure from the nodes' monitoring
 * ({@code --mond=yes}, {@link Cpu}), which replaces the CPU part. Immutable.
 */
public record Load(boolean ignored, Map<String, Utilisation> instances, Cpu cpu) {
  public Load {
    instances = Map.copyOf(instances);
  }

  /** A CPU measure taken from the nodes. */
  public sealed interface Cpu {}

  /** No CPU measure: the utilisations' CPU part stands. */
  public record NoCpu() implements Cpu {}

  /**
   * mond's {@code cpu-avg-load}: each node's {@code cpu_total}, by node name. It becomes the node's
   * CPU load, spread over its primaries by their vCPUs against the CPUs in use there ({@code
   * cpu_total / (os cpus + vcpus of its primaries not offline) * vcpus}): the node keeps its own
   * share.
   */
  public record NodeCpu(Map<String, Double> byNode) implements Cpu {
    public NodeCpu {
      byNode = Map.copyOf(byNode);
    }
  }

  /**
   * Xen's {@code xen-cpu-avg-load} ({@code --mond-xen}): each node's report of its instances' CPU
   * load, by node name, then instance name; a node's CPU load is the sum of its primaries'.
   */
  public record InstanceCpu(Map<String, Map<String, Double>> byNode) implements Cpu {
    public InstanceCpu {
      Map<String, Map<String, Double>> copy = new HashMap<>();
      byNode.forEach((k, v) -> copy.put(k, Map.copyOf(v)));
      byNode = Map.copyOf(copy);
    }
  }

  /** hbal's default: every instance weighs one of each. */
  public static Load none() {
    return new Load(false, Map.of(), new NoCpu());
  }

  /** The same with the CPU measure {@code c}. */
  public Load withCpu(Cpu c) {
    return new Load(ignored, instances, c);
  }

  /** The load as used on a cluster, and why a measure was left out (hbal's warnings). */
  public record Checked(Load load, List<String> warnings) {
    public Checked {
      warnings = List.copyOf(warnings);
    }

    /** Whether every measure given was used. */
    public boolean complete() {
      return warnings.isEmpty();
    }
  }

  /**
   * The load as hbal uses it on {@code cluster}: a CPU measure is all or nothing, as hbal takes
   * mond's answers: only if every node of the cluster answered (offline nodes too) and, for Xen's,
   * every instance has a figure; otherwise it is left out with hbal's warning.
   */
  public Checked on(Cluster cluster) {
    if (ignored) {
      return new Checked(withCpu(new NoCpu()), List.of());
    }
    if (cpu instanceof NoCpu) {
      return new Checked(this, List.of());
    }
    String name = cpu instanceof NodeCpu ? "cpu-avg-load" : "xen-cpu-avg-load";
    Map<String, ?> answers = cpu instanceof NodeCpu n ? n.byNode() : ((InstanceCpu) cpu).byNode();
    if (!cluster.nodes().stream().map(Node::name).allMatch(answers::containsKey)) {
      return leftOut("Didn't receive an answer by all MonDs, " + name + "'s data will be ignored.");
    }
    if (cpu instanceof InstanceCpu x) {
      TreeSet<String> missing = new TreeSet<>();
      cluster.instances().stream().map(Instance::name).forEach(missing::add);
      x.byNode().values().forEach(m -> missing.removeAll(m.keySet()));
      if (!missing.isEmpty()) {
        return leftOut("No CPU information available for " + haskellList(missing));
      }
    }
    return new Checked(this, List.of());
  }

  /** An instance's utilisation before any CPU measure. */
  Utilisation of(String instance) {
    return ignored ? Utilisation.ZERO : instances.getOrDefault(instance, Utilisation.BASE);
  }

  private Checked leftOut(String warning) {
    return new Checked(withCpu(new NoCpu()), List.of(warning));
  }

  private static String haskellList(TreeSet<String> names) {
    List<String> quoted = new ArrayList<>();
    names.forEach(n -> quoted.add("\"" + n + "\""));
    return "[" + String.join(",", quoted) + "]";
  }
}
