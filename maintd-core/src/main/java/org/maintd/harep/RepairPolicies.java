package org.maintd.harep;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.ClusterIndex;
import org.maintd.cluster.Group;
import org.maintd.cluster.Instance;
import org.maintd.cluster.TaggedObject;

/**
 * The auto-repair policy of every instance, the nearest object deciding: the instance's own tags,
 * else its primary node's group's, else the cluster's; with none, repairs are not enabled.
 */
public final class RepairPolicies {
  private final Cluster cluster;
  private final ClusterIndex index;
  private final Instant now;
  private final RepairPolicy clusterPolicy;

  public RepairPolicies(Cluster cluster, Instant now) {
    this(cluster, new ClusterIndex(cluster), now);
  }

  /** The same, over {@code index}, the cluster's index built already. */
  public RepairPolicies(Cluster cluster, ClusterIndex index, Instant now) {
    this.cluster = cluster;
    this.index = index;
    this.now = now;
    this.clusterPolicy = RepairPolicy.of(cluster.tags(), now).orElse(new RepairPolicy.NotEnabled());
  }

  public RepairPolicy of(Instance inst) {
    Optional<RepairPolicy> own = RepairPolicy.of(inst.tags(), now);
    if (own.isPresent()) {
      return own.get();
    }
    return index
        .node(inst.primary())
        .flatMap(n -> index.group(n.group()))
        .flatMap(g -> RepairPolicy.of(g.tags(), now))
        .orElse(clusterPolicy);
  }

  /** Suspension tags whose time has passed, on any object: they are removed. */
  public List<Expired> expired() {
    List<Expired> out = new ArrayList<>();
    add(out, TaggedObject::cluster, cluster.tags());
    for (Group g : cluster.groups()) {
      add(out, () -> new TaggedObject(TaggedObject.Kind.GROUP, g.name()), g.tags());
    }
    for (Instance i : cluster.instances()) {
      add(out, () -> TaggedObject.instance(i.name()), i.tags());
    }
    return out;
  }

  private void add(List<Expired> out, Supplier<TaggedObject> object, List<String> tags) {
    List<String> expired = RepairPolicy.expiredSuspensions(tags, now);
    if (!expired.isEmpty()) {
      out.add(new Expired(object.get(), expired));
    }
  }

  /** Expired suspension tags on one object. */
  public record Expired(TaggedObject object, List<String> tags) {}
}
