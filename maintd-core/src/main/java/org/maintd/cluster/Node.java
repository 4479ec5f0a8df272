package org.maintd.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A node as maintd plans with it. Memory and disk are in MiB; {@code memNode} is what the node's
 * own operating system uses. {@code group} is the group's uuid. A drained node is never a target.
 */
public record Node(
    String name, String uuid, String group, Flags flags, Resources resources, List<String> tags) {

  /** The role flags that maintenance changes. */
  public record Flags(boolean master, boolean masterCandidate, boolean offline, boolean drained) {
    public Flags withDrained(boolean value) {
      return new Flags(master, masterCandidate, offline, value);
    }

    public Flags withOffline(boolean value) {
      return new Flags(master, masterCandidate && !value, value, drained);
    }
  }

  /** Capacity as the htools text format carries it. */
  public record Resources(
      long memTotal,
      long memNode,
      long memFree,
      long diskTotal,
      long diskFree,
      double cpus,
      int spindles,
      boolean exclusiveStorage,
      int freeSpindles,
      int osCpus,
      double cpuSpeed) {
    public Resources withFree(long mem, long disk) {
      return new Resources(
          memTotal,
          memNode,
          mem,
          diskTotal,
          disk,
          cpus,
          spindles,
          exclusiveStorage,
          freeSpindles,
          osCpus,
          cpuSpeed);
    }
  }

  public Node {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(uuid, "uuid");
    Objects.requireNonNull(group, "group");
    Objects.requireNonNull(flags, "flags");
    Objects.requireNonNull(resources, "resources");
    tags = List.copyOf(tags);
  }

  public boolean master() {
    return flags.master();
  }

  public boolean offline() {
    return flags.offline();
  }

  public boolean drained() {
    return flags.drained();
  }

  /** Online and not drained: may receive instances. */
  public boolean acceptsInstances() {
    return !flags.offline() && !flags.drained();
  }

  public Node withFlags(Flags newFlags) {
    return new Node(name, uuid, group, newFlags, resources, tags);
  }

  public Node withResources(Resources newResources) {
    return new Node(name, uuid, group, flags, newResources, tags);
  }

  public Node withTag(String tag) {
    if (tags.contains(tag)) {
      return this;
    }
    List<String> copy = new ArrayList<>(tags);
    copy.add(tag);
    return new Node(name, uuid, group, flags, resources, copy);
  }

  public Node withoutTag(String tag) {
    List<String> copy = new ArrayList<>(tags);
    copy.remove(tag);
    return new Node(name, uuid, group, flags, resources, copy);
  }
}
