package org.maintd.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.maintd.testing.ClusterBuilder;

class NodeNamedTest {
  private final Cluster cluster =
      new ClusterBuilder()
          .node("n4.example.com", "g", 1024, 1024, false)
          .node("node5", "g", 1024, 1024, false)
          .node("web1.a.example.com", "g", 1024, 1024, false)
          .node("web1.b.example.com", "g", 1024, 1024, false)
          .node("db1", "g", 1024, 1024, false)
          .node("db1.example.com", "g", 1024, 1024, false)
          .build();

  private String found(String name) {
    return ((NodeNamed.Found) NodeNamed.in(cluster, name)).node().name();
  }

  @Test
  void aShortNameMeansTheOneNodeItsQualifiedNameBeginsWith() {
    assertEquals("n4.example.com", found("n4"));
    assertEquals("n4.example.com", found("N4"));
    assertEquals("n4.example.com", found("n4.EXAMPLE.com"));
  }

  @Test
  void aQualifiedNameMeansTheNodeOfItsShortName() {
    assertEquals("node5", found("NODE5.example.com"));
  }

  @Test
  void aNameEqualButForCaseWinsOverAShortOrLongerOne() {
    assertEquals("db1", found("DB1"));
    assertEquals("db1.example.com", found("db1.example.com"));
  }

  @Test
  void aShortNameOfSeveralNodesIsAmbiguousAndSaysWhichTheyAre() {
    NodeNamed n = NodeNamed.in(cluster, "web1");
    assertEquals(
        new NodeNamed.Ambiguous("web1", List.of("web1.a.example.com", "web1.b.example.com")), n);
    assertEquals(
        "'web1' could be any of the nodes web1.a.example.com, web1.b.example.com: name one in"
            + " full",
        ((NodeNamed.Ambiguous) n).message());
  }

  @Test
  void aNameOfNoNodeIsUnknown() {
    assertEquals(new NodeNamed.Unknown("n4.other.com"), NodeNamed.in(cluster, "n4.other.com"));
    assertEquals(new NodeNamed.Unknown("n"), NodeNamed.in(cluster, "n"));
    assertEquals(
        "no node n in the cluster", ((NodeNamed.Unknown) NodeNamed.in(cluster, "n")).message());
  }
}
