package org.maintd.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

class NodeNameIndexTest {
  @Test
  void findsWhatNodeNamesSameMatches() {
    NodeNameIndex index =
        new NodeNameIndex(List.of("node1.example.com", "NODE2", "node3.a.example.com", "node4"));
    assertEquals(Optional.of("node1.example.com"), index.find("node1"));
    assertEquals(Optional.of("node1.example.com"), index.find("Node1.Example.COM"));
    assertEquals(Optional.of("NODE2"), index.find("node2.example.com"));
    assertEquals(Optional.of("NODE2"), index.find("node2"));
    assertEquals(Optional.of("node3.a.example.com"), index.find("node3"));
    assertEquals(Optional.empty(), index.find("node3.b.example.com"), "two qualified names differ");
    assertEquals(Optional.empty(), index.find("node1.example"), "a prefix is not a short name");
    assertEquals(Optional.empty(), index.find("node"));
    assertEquals(Optional.empty(), index.find("example.com"));
  }

  @Test
  void anEqualNameIsFoundBeforeAShortOrLongerOne() {
    NodeNameIndex index = new NodeNameIndex(List.of("node1.example.com", "node1", "node1.b"));
    assertEquals(Optional.of("node1"), index.find("NODE1"));
    assertEquals(Optional.of("node1.b"), index.find("node1.b"));
    assertEquals(Optional.of("node1"), index.find("node1.c"));
  }

  /** Labels of one letter, or none: names alike, and names that begin or end with a dot. */
  private static final String[] LABELS = {"a", "A", "b", ""};

  /** On random names of few letters, so that many are alike: the same answers as a scan. */
  @Test
  void agreesWithAScanOverEveryName() {
    Random random = new Random(7);
    for (int round = 0; round < 200; round++) {
      List<String> names = new ArrayList<>();
      for (int i = random.nextInt(12); i > 0; i--) {
        names.add(name(random));
      }
      NodeNameIndex index = new NodeNameIndex(names);
      for (int q = 0; q < 30; q++) {
        String asked = name(random);
        Optional<String> found = index.find(asked);
        boolean any = names.stream().anyMatch(n -> NodeNames.same(n, asked));
        assertEquals(any, found.isPresent(), asked + " in " + names);
        found.ifPresent(f -> assertTrue(NodeNames.same(f, asked), f + " for " + asked));
      }
    }
  }

  private static String name(Random random) {
    StringBuilder s = new StringBuilder();
    for (int label = random.nextInt(3); label >= 0; label--) {
      s.append(LABELS[random.nextInt(LABELS.length)]).append(label > 0 ? "." : "");
    }
    return s.toString();
  }
}
