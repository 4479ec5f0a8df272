package org.maintd.rapi;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.Group;
import org.maintd.cluster.Instance;
import org.maintd.cluster.InstanceStatus;
import org.maintd.cluster.Node;

/**
 * Builds a cluster snapshot from Ganeti RAPI v2 responses already parsed from JSON (maps and
 * lists): {@code /2/info}, {@code /2/groups?bulk=1}, {@code /2/nodes?bulk=1}, {@code
 * /2/instances?bulk=1} and the cluster tags of {@code /2/tags}. Stateless and thread-safe.
 */
public final class RapiClusterReader {

  public Cluster read(
      Object info, Object groups, Object nodes, Object instances, List<String> clusterTags) {
    JsonObject cluster = new JsonObject("/2/info", info);
    String master = cluster.string("master");
    List<Group> groupList = list("/2/groups", groups).stream().map(this::group).toList();
    List<Node> nodeList = new ArrayList<>();
    for (Object n : list("/2/nodes", nodes)) {
      nodeList.add(node(n, master));
    }
    Set<String> names = new HashSet<>();
    nodeList.forEach(n -> names.add(n.name()));
    List<Instance> instanceList = new ArrayList<>();
    for (Object i : list("/2/instances", instances)) {
      instanceList.add(instance(i, names));
    }
    return new Cluster(
        cluster.string("name"), groupList, nodeList, instanceList, clusterTags, List.of());
  }

  private static List<?> list(String where, Object value) {
    if (!(value instanceof List<?> l)) {
      throw new RapiFormatException(where + " is not a JSON list (was bulk=1 used?)");
    }
    return l;
  }

  private Group group(Object value) {
    JsonObject g = new JsonObject("/2/groups entry", value);
    return new Group(
        g.string("name"),
        g.string("uuid"),
        g.string("alloc_policy", "preferred"),
        g.strings("tags"),
        g.strings("networks"));
  }

  private Node node(Object value, String master) {
    JsonObject n = new JsonObject("/2/nodes entry", value);
    String name = n.string("name");
    JsonObject nd = n.object("ndparams");
    Node.Flags flags =
        new Node.Flags(
            name.equals(master),
            n.bool("master_candidate", false),
            n.bool("offline", false),
            n.bool("drained", false));
    Node.Resources resources =
        new Node.Resources(
            n.number("mtotal", 0),
            n.number("mnode", 0),
            n.number("mfree", 0),
            n.number("dtotal", 0),
            n.number("dfree", 0),
            n.number("ctotal", 0),
            (int) n.number("sptotal", nd.number("spindle_count", 1)),
            nd.bool("exclusive_storage", false),
            (int) n.number("spfree", 0),
            (int) n.number("cnos", 1),
            nd.decimal("cpu_speed", 1.0));
    return new Node(
        name, n.string("uuid", ""), n.string("group.uuid"), flags, resources, n.strings("tags"));
  }

  private Instance instance(Object value, Set<String> nodes) {
    JsonObject i = new JsonObject("/2/instances entry", value);
    String name = i.string("name");
    String primary = i.string("pnode");
    List<String> secondaries = i.strings("snodes");
    String secondary = secondaries.isEmpty() ? "" : secondaries.get(0);
    for (String node : secondaries.isEmpty() ? List.of(primary) : List.of(primary, secondary)) {
      if (!nodes.contains(node)) {
        throw new RapiFormatException("instance " + name + " refers to unknown node " + node);
      }
    }
    JsonObject be = i.object("beparams");
    return new Instance(
        name,
        i.string("uuid", ""),
        be.number("memory", be.number("maxmem", 0)),
        i.number("disk_usage", 0),
        (int) be.number("vcpus", 1),
        status(i, name),
        be.bool("auto_balance", true),
        primary,
        secondary,
        template(i, name),
        i.strings("tags"),
        (int) be.number("spindle_use", 1),
        spindles(i),
        false);
  }

  /**
   * The spindles of the instance's disks together, as the htools write them: {@code 0} with no
   * disk, {@code -} when one disk's are unknown ({@code null}) or RAPI does not say.
   */
  private static String spindles(JsonObject i) {
    if (!i.has("disk.spindles")) {
      return "-";
    }
    long sum = 0;
    for (Object s : i.list("disk.spindles")) {
      if (s == null) {
        return "-";
      }
      if (!(s instanceof Number n)) {
        throw new RapiFormatException(
            i.where() + ": field 'disk.spindles' holds " + s + ", not a number");
      }
      sum += n.longValue();
    }
    return Long.toString(sum);
  }

  /**
   * The instance's status; {@code USER_down} with its admin state down (after the shutdown that
   * cleans it up, which Ganeti still shows as {@code USER_down}) reads as {@code ADMIN_down}.
   */
  private static InstanceStatus status(JsonObject i, String name) {
    try {
      InstanceStatus s = InstanceStatus.parse(i.string("status"));
      boolean adminDown = i.string("admin_state", "up").equals("down");
      return s == InstanceStatus.USER_down && adminDown ? InstanceStatus.ADMIN_down : s;
    } catch (IllegalArgumentException e) {
      throw new RapiFormatException("instance " + name + ": " + e.getMessage());
    }
  }

  private static DiskTemplate template(JsonObject i, String name) {
    try {
      return DiskTemplate.parse(i.string("disk_template"));
    } catch (IllegalArgumentException e) {
      throw new RapiFormatException("instance " + name + ": " + e.getMessage());
    }
  }
}
