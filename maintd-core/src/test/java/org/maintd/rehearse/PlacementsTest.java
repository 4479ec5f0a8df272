package org.maintd.rehearse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.maintd.cluster.Cluster;

/** Where the instances a rehearsal moved went. */
class PlacementsTest {
  @Test
  void onlyTheInstancesWhosePrimaryOrSecondaryChangedMovedInNameOrder() {
    Cluster before = ThreeNodes.with("web:n2:n3", "db:n2:", "app:n3:n2", "still:n1:n3", "gone:n2:");
    Cluster after = ThreeNodes.with("web:n3:n2", "db:n1:", "app:n3:n1", "still:n1:n3");
    assertEquals(
        List.of(
            new Placement("app", "n3", "n3", "n2", "n1"),
            new Placement("db", "n2", "n1", "", ""),
            new Placement("web", "n2", "n3", "n3", "n2")),
        Placements.moved(before, after));
  }
}
