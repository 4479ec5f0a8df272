package org.maintd.plan;

import java.util.List;
import org.maintd.cluster.TaggedObject;

/** Tags a round adds to and removes from one object, outside any job, and why. */
public record TagChange(TaggedObject object, List<String> add, List<String> remove, String why) {
  public TagChange {
    add = List.copyOf(add);
    remove = List.copyOf(remove);
  }
}
