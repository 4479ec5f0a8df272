package org.maintd.htools;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.Group;
import org.maintd.cluster.Instance;
import org.maintd.cluster.InstanceStatus;
import org.maintd.cluster.Node;

/**
 * Reads Ganeti's htools text format (what {@code hscan} and {@code hbal -S} write): sections for
 * groups, nodes, instances, cluster tags and instance policies, separated by one empty line each.
 * Rejects what the htools reject, with the line and the field named. Stateless and thread-safe.
 */
public final class HtoolsReader {
  private static final Set<String> POLICIES = Set.of("preferred", "last_resort", "unallocable");

  /** Parses the text; {@code clusterName} names the result (the format carries no name). */
  public Cluster read(String text, String clusterName) {
    List<List<String>> sections = sections(text);
    if (sections.size() < 4) {
      throw new HtoolsFormatException(
          "expected at least 4 sections (groups, nodes, instances, tags), found "
              + sections.size());
    }
    List<Group> groups = groups(sections.get(0));
    List<Node> nodes = nodes(sections.get(1), groups);
    List<Instance> instances = instances(sections.get(2), nodes);
    List<String> policies = sections.size() > 4 ? sections.get(4) : List.of();
    return new Cluster(clusterName, groups, nodes, instances, sections.get(3), policies);
  }

  private static List<List<String>> sections(String text) {
    String body = text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
    List<List<String>> sections = new ArrayList<>();
    List<String> current = new ArrayList<>();
    for (String line : body.split("\n", -1)) {
      if (line.isEmpty()) {
        sections.add(current);
        current = new ArrayList<>();
      } else {
        current.add(line);
      }
    }
    sections.add(current);
    return sections;
  }

  private static List<Group> groups(List<String> lines) {
    List<Group> groups = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      Fields f = new Fields("group", i + 1, lines.get(i), 4);
      if (!POLICIES.contains(f.text(2))) {
        throw f.error("unknown allocation policy '" + f.text(2) + "'");
      }
      groups.add(new Group(f.text(0), f.text(1), f.text(2), f.list(3), f.list(4)));
    }
    return groups;
  }

  private static List<Node> nodes(List<String> lines, List<Group> groups) {
    Set<String> groupUuids = new HashSet<>();
    groups.forEach(g -> groupUuids.add(g.uuid()));
    List<Node> nodes = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (int i = 0; i < lines.size(); i++) {
      Node node = node(new Fields("node", i + 1, lines.get(i), 9), groupUuids);
      if (!names.add(node.name())) {
        throw new HtoolsFormatException("node line " + (i + 1) + ": duplicate node " + node.name());
      }
      nodes.add(node);
    }
    return nodes;
  }

  private static Node node(Fields f, Set<String> groupUuids) {
    if (!groupUuids.contains(f.text(8))) {
      throw f.error("unknown group uuid '" + f.text(8) + "'");
    }
    String role = f.text(7);
    boolean unknownResources = false;
    for (int i = 1; i <= 6; i++) {
      unknownResources |= f.text(i).equals("?");
    }
    Node.Flags flags =
        new Node.Flags(
            role.equals("M"), role.equals("M"), role.equals("Y") || unknownResources, false);
    Node.Resources resources = unknownResources ? unknownResources(f) : resources(f);
    return new Node(f.text(0), nodeUuid(f.text(0)), f.text(8), flags, resources, f.list(10));
  }

  /**
   * The htools text format names nodes without their uuids: each gets one derived from its name,
   * the same at every read, so that clients that name nodes by uuid keep working.
   */
  static String nodeUuid(String name) {
    return UUID.nameUUIDFromBytes(("ganeti-node:" + name).getBytes(StandardCharsets.UTF_8))
        .toString();
  }

  private static Node.Resources resources(Fields f) {
    return new Node.Resources(
        f.integer(1, "total memory"),
        f.integer(2, "node memory"),
        f.integer(3, "free memory"),
        f.integer(4, "total disk"),
        f.integer(5, "free disk"),
        f.decimal(6, "total cpus", 0),
        f.integer(9, "spindles", 1),
        f.flag(11, "exclusive storage", false),
        f.integer(12, "free spindles", 0),
        f.integer(13, "os cpus", 1),
        f.decimal(14, "cpu speed", 1.0));
  }

  private static Node.Resources unknownResources(Fields f) {
    return new Node.Resources(
        0,
        0,
        0,
        0,
        0,
        0,
        f.integer(9, "spindles", 1),
        f.flag(11, "exclusive storage", false),
        f.integer(12, "free spindles", 0),
        f.integer(13, "os cpus", 1),
        f.decimal(14, "cpu speed", 1.0));
  }

  private static List<Instance> instances(List<String> lines, List<Node> nodes) {
    Map<String, Node> byName = new HashMap<>();
    nodes.forEach(n -> byName.put(n.name(), n));
    List<Instance> instances = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      instances.add(instance(new Fields("instance", i + 1, lines.get(i), 10), byName));
    }
    return instances;
  }

  private static Instance instance(Fields f, Map<String, Node> nodes) {
    String name = f.text(0);
    String primary = f.text(6);
    String secondary = f.text(7);
    requireNode(f, nodes, primary, name);
    if (!secondary.isEmpty()) {
      requireNode(f, nodes, secondary, name);
      if (secondary.equals(primary)) {
        throw f.error("instance " + name + " has the same primary and secondary node " + primary);
      }
    }
    return new Instance(
        name,
        "",
        f.integer(1, "memory"),
        f.integer(2, "disk"),
        (int) f.integer(3, "vcpus"),
        parse(f, () -> InstanceStatus.parse(f.text(4))),
        f.flag(5, "auto_balance", true),
        primary,
        secondary,
        parse(f, () -> DiskTemplate.parse(f.text(8))),
        f.list(9),
        f.integer(10, "spindle use", 1),
        f.text(11, "-"),
        f.flag(12, "forthcoming", false));
  }

  private static void requireNode(Fields f, Map<String, Node> nodes, String node, String inst) {
    if (!nodes.containsKey(node)) {
      throw f.error("Unknown node '" + node + "' for instance " + inst);
    }
  }

  private static <T> T parse(Fields f, java.util.function.Supplier<T> parser) {
    try {
      return parser.get();
    } catch (IllegalArgumentException e) {
      throw f.error(e.getMessage());
    }
  }
}
