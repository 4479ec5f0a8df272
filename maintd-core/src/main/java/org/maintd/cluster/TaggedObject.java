package org.maintd.cluster;

import java.util.Objects;

/**
 * Something that carries tags in the cluster: the cluster itself, a node group, a node or an
 * instance.
 */
public record TaggedObject(Kind kind, String name) {
  /** The kinds of tagged objects, as Ganeti has them. */
  public enum Kind {
    CLUSTER,
    GROUP,
    NODE,
    INSTANCE
  }

  public TaggedObject {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(name, "name");
  }

  public static TaggedObject cluster() {
    return new TaggedObject(Kind.CLUSTER, "");
  }

  public static TaggedObject node(String name) {
    return new TaggedObject(Kind.NODE, name);
  }

  public static TaggedObject instance(String name) {
    return new TaggedObject(Kind.INSTANCE, name);
  }

  @Override
  public String toString() {
    return kind == Kind.CLUSTER ? "the cluster" : kind.name().toLowerCase() + " " + name;
  }
}
