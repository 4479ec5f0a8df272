package org.maintd.htools;

import java.util.List;
import java.util.StringJoiner;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Group;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;

/**
 * Writes a cluster in the htools text format, all fields of every line, so that Ganeti's htools and
 * {@link HtoolsReader} read it back. A drained node is written offline, as {@code hscan} does: the
 * format has no drained role. Stateless and thread-safe.
 */
public final class HtoolsWriter {

  public String write(Cluster cluster) {
    StringBuilder out = new StringBuilder();
    cluster.groups().forEach(g -> out.append(group(g)).append('\n'));
    out.append('\n');
    cluster.nodes().forEach(n -> out.append(node(n)).append('\n'));
    out.append('\n');
    cluster.instances().forEach(i -> out.append(instance(i)).append('\n'));
    out.append('\n');
    cluster.tags().forEach(t -> out.append(t).append('\n'));
    out.append('\n');
    cluster.policies().forEach(p -> out.append(p).append('\n'));
    return out.toString();
  }

  private static String group(Group g) {
    return join(g.name(), g.uuid(), g.allocPolicy(), list(g.tags()), list(g.networks()));
  }

  private static String node(Node n) {
    Node.Resources r = n.resources();
    String role = n.offline() || n.drained() ? "Y" : n.master() ? "M" : "N";
    return join(
        n.name(),
        r.memTotal(),
        r.memNode(),
        r.memFree(),
        r.diskTotal(),
        r.diskFree(),
        number(r.cpus()),
        role,
        n.group(),
        r.spindles(),
        list(n.tags()),
        r.exclusiveStorage() ? "Y" : "N",
        r.freeSpindles(),
        r.osCpus(),
        r.cpuSpeed());
  }

  private static String instance(Instance i) {
    return join(
        i.name(),
        i.memory(),
        i.disk(),
        i.vcpus(),
        i.status().name(),
        i.autoBalance() ? "Y" : "N",
        i.primary(),
        i.secondary(),
        i.diskTemplate().wireName(),
        list(i.tags()),
        i.spindleUse(),
        i.spindles(),
        i.forthcoming() ? "Y" : "N");
  }

  private static String number(double value) {
    return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
  }

  private static String list(List<String> values) {
    return String.join(",", values);
  }

  private static String join(Object... values) {
    StringJoiner joiner = new StringJoiner("|");
    for (Object v : values) {
      joiner.add(String.valueOf(v));
    }
    return joiner.toString();
  }
}
