package org.maintd.rehearse;

import java.util.ArrayList;
import java.util.List;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.ClusterIndex;
import org.maintd.cluster.Instance;

/**
 * The instances a rehearsal moved: each instance of the cluster before whose primary or secondary
 * is another after, by name. Stateless.
 */
public final class Placements {
  private Placements() {}

  /**
   * The instances of {@code before} placed otherwise in {@code after}, by name; each instance of
   * {@code after} is looked up once in an index, so that the whole takes time linear in the
   * instances.
   */
  public static List<Placement> moved(Cluster before, Cluster after) {
    List<Placement> moved = new ArrayList<>();
    ClusterIndex placed = new ClusterIndex(after);
    for (Instance was : before.instances()) {
      placed
          .instance(was.name())
          .filter(
              now ->
                  !now.primary().equals(was.primary()) || !now.secondary().equals(was.secondary()))
          .ifPresent(
              now ->
                  moved.add(
                      new Placement(
                          was.name(),
                          was.primary(),
                          now.primary(),
                          was.secondary(),
                          now.secondary())));
    }
    moved.sort(java.util.Comparator.comparing(Placement::instance));
    return moved;
  }
}
