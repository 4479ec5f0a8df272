package org.maintd.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.testing.ClusterBuilder;

/**
 * A snapshot's lookups and changes by name: the first of a name is found, every one of a name is
 * changed and nothing else, in the snapshot's order; names of the same hash ("Aa" and "BB") are not
 * taken for each other; an instance renamed by a change is found under its new name only.
 */
class ClusterTest {
  private final Cluster cluster =
      new ClusterBuilder()
          .node("Aa", "g1", 8192, 100_000, true)
          .node("BB", "g1", 8192, 100_000, false)
          .node("n3", "g1", 8192, 100_000, false)
          .instance("Aa", "Aa", "BB", DiskTemplate.DRBD)
          .instance("BB", "BB", "", DiskTemplate.PLAIN)
          .instance("i3", "Aa", "n3", DiskTemplate.DRBD)
          .instance("BB", "n3", "Aa", DiskTemplate.DRBD)
          .build();

  @ParameterizedTest
  @CsvSource({"Aa, Aa", "BB, BB", "i3, Aa", "absent, ''", "'', ''", "aA, ''"})
  void anInstanceIsTheFirstOfItsNameAndANodeIsTheOneOfItsName(String name, String primary) {
    assertEquals(
        primary.isEmpty() ? Optional.empty() : Optional.of(primary),
        cluster.instance(name).map(Instance::primary));
    assertEquals(
        cluster.nodes().stream().filter(n -> n.name().equals(name)).findFirst(),
        cluster.node(name));
  }

  @ParameterizedTest
  @CsvSource({
    "Aa, 'n1,BB,Aa,n3'",
    "BB, 'Aa,n1,Aa,n1'",
    "i3, 'Aa,BB,n1,n3'",
    "absent, 'Aa,BB,Aa,n3'"
  })
  void withInstanceMovesEveryInstanceOfItsNameAndNoOtherInTheSnapshotsOrder(
      String name, String primaries) {
    Cluster moved = cluster.withInstance(name, i -> i.placedOn("n1", i.secondary()));
    assertEquals(
        List.of("Aa", "BB", "i3", "BB"), moved.instances().stream().map(Instance::name).toList());
    assertEquals(
        List.of(primaries.split(",")), moved.instances().stream().map(Instance::primary).toList());
  }

  @ParameterizedTest
  @CsvSource({"Aa, 'true,false,false'", "BB, 'false,true,false'", "absent, 'false,false,false'"})
  void withNodeChangesTheNodeOfItsNameAndNoOther(String name, String drained) {
    Cluster changed =
        cluster.withNode(
            name,
            n ->
                new Node(
                    n.name(),
                    n.uuid(),
                    n.group(),
                    new Node.Flags(n.master(), false, false, true),
                    n.resources(),
                    n.tags()));
    assertEquals(
        List.of(drained.split(",")),
        changed.nodes().stream().map(n -> Boolean.toString(n.drained())).toList());
    assertSame(cluster.instances(), changed.instances());
  }

  @Test
  void anInstanceRenamedByAChangeIsFoundUnderItsNewNameOnly() {
    Cluster before = cluster.withInstance("BB", i -> i.placedOn("n3", i.secondary()));
    assertEquals("n3", before.instance("BB").orElseThrow().primary(), "the index is built");
    Cluster renamed = before.withInstance("i3", i -> i.withName("i9"));
    assertEquals(Optional.empty(), renamed.instance("i3"));
    assertEquals("n3", renamed.instance("i9").orElseThrow().secondary());
    assertEquals("n3", renamed.instance("BB").orElseThrow().primary());
    assertEquals(before.instances().size(), renamed.instances().size());
  }
}
