package org.maintd.balance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Group;
import org.maintd.htools.HtoolsReader;

/**
 * Every group's score from one model of the cluster is the score of that group's own model, on
 * every htools file of Ganeti's test data that reads (several groups, split instances, offline and
 * drained nodes, tags, forthcoming instances); a group without nodes has none.
 */
class ClusterScoresTest {
  /** Every htools file of the test data that reads, by name; several have more than one group. */
  static Stream<Arguments> clusters() throws Exception {
    Path dir = Path.of(ClusterScoresTest.class.getResource("/htools").toURI());
    List<Arguments> out = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".data")).sorted().toList()) {
        String name = f.getFileName().toString();
        try {
          out.add(Arguments.of(name, new HtoolsReader().read(Files.readString(f), name)));
        } catch (RuntimeException e) {
          // a file the reader refuses is no cluster to score
        }
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("clusters")
  void everyGroupsScoreFromOneModelIsItsOwnModelsScore(String name, Cluster c) {
    ClusterScore score = new ClusterScore();
    List<String> withNodes = c.nodes().stream().map(n -> n.group()).distinct().toList();
    Map<String, Double> each = new LinkedHashMap<>();
    for (Group g : c.groups()) {
      if (withNodes.contains(g.uuid())) {
        each.put(g.uuid(), score.score(c, g.uuid()));
      }
    }
    Map<String, Double> all = score.scores(c);
    assertEquals(withNodes, List.copyOf(all.keySet()));
    each.forEach((g, s) -> assertEquals(s, all.get(g), g));
  }
}
