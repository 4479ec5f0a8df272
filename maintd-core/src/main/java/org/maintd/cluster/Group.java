package org.maintd.cluster;

import java.util.List;
import java.util.Objects;

/** A node group: name, uuid, allocation policy ({@code preferred}, ...), tags and networks. */
public record Group(
    String name, String uuid, String allocPolicy, List<String> tags, List<String> networks) {
  public Group {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(uuid, "uuid");
    Objects.requireNonNull(allocPolicy, "allocPolicy");
    tags = List.copyOf(tags);
    networks = List.copyOf(networks);
  }

  public Group withTags(List<String> newTags) {
    return new Group(name, uuid, allocPolicy, newTags, networks);
  }
}
