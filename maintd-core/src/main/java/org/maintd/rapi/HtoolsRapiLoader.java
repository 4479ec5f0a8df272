package org.maintd.rapi;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;

/**
 * Reads a cluster from RAPI's answers as Ganeti's htools do ({@code -m}, their RAPI backend), for
 * the answers that must agree with theirs ({@code maintctl roll -m}, the daemon's {@code GET
 * /1/roll} on the Ganeti backend): a node that is offline or cannot host instances ({@code
 * vm_capable} false) is offline with no resources, a drained node is offline, the RAPI backend's
 * spindles and CPU speed, a running instance's memory is what it uses now ({@code oper_ram}), the
 * cluster's and each group's instance policy become htools policy lines, the cluster tags come from
 * {@code /2/info}, and on a KVM cluster every node's own memory is the static value given ({@code
 * --static-kvm-node-memory}; 0 keeps what RAPI reports). Stateless.
 */
public final class HtoolsRapiLoader {
  /** The htools' default of {@code --static-kvm-node-memory}, in MiB. */
  public static final long DEFAULT_STATIC_KVM_NODE_MEMORY = 4096;

  private final RapiClusterReader reader = new RapiClusterReader();

  /** Throws {@link RapiFormatException} naming the answer and field that cannot be read. */
  public Cluster load(RapiAnswers answers, long staticKvmNodeMemory) {
    JsonObject info = new JsonObject("/2/info", answers.info());
    Cluster read =
        reader.read(
            answers.info(),
            answers.groups(),
            answers.nodes(),
            answers.instances(),
            info.strings("tags"));
    boolean kvm = "kvm".equals(info.string("default_hypervisor", ""));
    long nodeMemory = kvm && staticKvmNodeMemory > 0 ? staticKvmNodeMemory : -1;
    return new Cluster(
        read.name(),
        read.groups(),
        nodes(read.nodes(), (List<?>) answers.nodes(), nodeMemory),
        instances(read.instances(), (List<?>) answers.instances()),
        read.tags(),
        RapiPolicies.lines(info, (List<?>) answers.groups()));
  }

  private static List<Node> nodes(List<Node> read, List<?> answers, long nodeMemory) {
    List<Node> nodes = new ArrayList<>();
    for (int i = 0; i < read.size(); i++) {
      nodes.add(
          asHtools(read.get(i), new JsonObject("/2/nodes entry", answers.get(i)), nodeMemory));
    }
    return nodes;
  }

  private static Node asHtools(Node node, JsonObject answer, long nodeMemory) {
    boolean live = !node.offline() && answer.bool("vm_capable", true);
    JsonObject nd = answer.object("ndparams");
    boolean exclusive = node.resources().exclusiveStorage();
    Node.Resources r = live ? node.resources() : zero(node.resources());
    Node.Resources htools =
        new Node.Resources(
            r.memTotal(),
            nodeMemory >= 0 ? nodeMemory : r.memNode(),
            r.memFree(),
            r.diskTotal(),
            r.diskFree(),
            r.cpus(),
            exclusive ? r.spindles() : (int) nd.number("spindle_count", 1),
            exclusive,
            r.freeSpindles(),
            live ? (int) answer.number("cnos", 0) : 0,
            1.0);
    Node.Flags flags = node.flags().withOffline(!live || node.drained());
    return new Node(node.name(), node.uuid(), node.group(), flags, htools, node.tags());
  }

  private static Node.Resources zero(Node.Resources r) {
    return new Node.Resources(0, 0, 0, 0, 0, 0, 0, r.exclusiveStorage(), 0, 0, r.cpuSpeed());
  }

  private static List<Instance> instances(List<Instance> read, List<?> answers) {
    List<Instance> instances = new ArrayList<>();
    for (int i = 0; i < read.size(); i++) {
      Object operRam = answers.get(i) instanceof Map<?, ?> m ? m.get("oper_ram") : null;
      Instance instance = read.get(i);
      instances.add(operRam instanceof Number n ? instance.withMemory(n.longValue()) : instance);
    }
    return instances;
  }
}
