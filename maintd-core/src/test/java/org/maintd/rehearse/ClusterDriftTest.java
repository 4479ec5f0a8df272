package org.maintd.rehearse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.InstanceStatus;
import org.maintd.cluster.Node;

/** What changed in the cluster since the snapshot a rehearsal played, in an operator's words. */
class ClusterDriftTest {
  private static final Cluster WAS = ThreeNodes.with("web:n2:n3", "db:n2:", "app:n3:n1");

  private static Cluster nodeFlags(Cluster c, String node, UnaryOperator<Node.Flags> change) {
    return c.withNode(node, n -> n.withFlags(change.apply(n.flags())));
  }

  private static Cluster without(Cluster c, String node) {
    return new Cluster(
        c.name(),
        c.groups(),
        c.nodes().stream().filter(n -> !n.name().equals(node)).toList(),
        c.instances(),
        c.tags(),
        c.policies());
  }

  private static final Cluster N2_DRAINED = nodeFlags(WAS, "n2", f -> f.withDrained(true));
  private static final Cluster N3_OFFLINE =
      nodeFlags(WAS, "n3", f -> new Node.Flags(false, false, true, false));

  /** A change from the snapshot played ({@link #WAS}) to {@code now}. */
  private static Arguments from(String what, Cluster now, List<String> said) {
    return Arguments.of(what, WAS, now, said);
  }

  /** A change back to the snapshot played from {@code was}. */
  private static Arguments back(String what, Cluster was, List<String> said) {
    return Arguments.of(what, was, WAS, said);
  }

  static Stream<Arguments> changes() {
    return Stream.of(
        from("nothing", WAS, List.of()),
        from(
            "same placements, read again",
            ThreeNodes.with("web:n2:n3", "db:n2:", "app:n3:n1"),
            List.of()),
        from("drained", N2_DRAINED, List.of("node n2 is now drained")),
        back("undrained", N2_DRAINED, List.of("node n2 is no longer drained")),
        from("offline", N3_OFFLINE, List.of("node n3 is now offline")),
        back("online again", N3_OFFLINE, List.of("node n3 is no longer offline")),
        from(
            "no longer a master candidate",
            nodeFlags(WAS, "n1", f -> new Node.Flags(true, false, false, false)),
            List.of("node n1 is no longer a master candidate")),
        from(
            "master failed over",
            nodeFlags(
                nodeFlags(WAS, "n1", f -> new Node.Flags(false, true, false, false)),
                "n2",
                f -> new Node.Flags(true, true, false, false)),
            List.of(
                "node n1 is no longer the master",
                "node n2 is now a master candidate",
                "node n2 is now the master")),
        from("node removed", without(WAS, "n3"), List.of("node n3 was removed")),
        back("node added", without(WAS, "n3"), List.of("node n3 was added")),
        from(
            "instances removed and added",
            ThreeNodes.with("web:n2:n3", "cache:n1:", "app:n3:n1", "new:n3:"),
            List.of(
                "instance db was removed", "instance cache was added", "instance new was added")),
        from(
            "primary and secondary",
            ThreeNodes.with("web:n3:n2", "db:n1:", "app:n3:n2"),
            List.of(
                "instance web's primary is now n3 (was n2)",
                "instance web's secondary is now n2 (was n3)",
                "instance db's primary is now n1 (was n2)",
                "instance app's secondary is now n2 (was n1)")),
        from(
            "secondary dropped and taken",
            ThreeNodes.with("web:n2:", "db:n2:n1", "app:n3:n1"),
            List.of(
                "instance web's secondary is now none (was n3)",
                "instance db's secondary is now n1 (was none)")),
        from(
            "run state",
            WAS.withInstance("db", i -> i.withStatus(InstanceStatus.ADMIN_down)),
            List.of("instance db is now ADMIN_down (was running)")),
        from(
            "nodes before instances",
            nodeFlags(
                ThreeNodes.with("web:n3:n2", "db:n2:", "app:n3:n1"),
                "n3",
                f -> f.withDrained(true)),
            List.of(
                "node n3 is now drained",
                "instance web's primary is now n3 (was n2)",
                "instance web's secondary is now n2 (was n3)")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("changes")
  void eachChangeIsOneSentenceNodesFirst(String what, Cluster was, Cluster now, List<String> said) {
    assertEquals(said, ClusterDrift.between(was, now));
  }

  /** {@code n} instances on n1 in the snapshot played, each stopped since. */
  private static List<String> stopped(int n) {
    List<String> placed = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      placed.add(String.format("i%02d:n1:", k));
    }
    Cluster was = ThreeNodes.with(placed.toArray(String[]::new));
    Cluster now = was;
    for (int k = 0; k < n; k++) {
      now =
          now.withInstance(String.format("i%02d", k), i -> i.withStatus(InstanceStatus.ADMIN_down));
    }
    return ClusterDrift.between(was, now);
  }

  @ParameterizedTest(name = "{0} changes")
  @CsvSource({
    "19, 19, instance i18",
    "20, 20, instance i19",
    "21, 21, and 1 more changes",
    "45, 21, and 25 more changes"
  })
  void atMostTwentyChangesAreSaidAndTheRestCounted(int changes, int lines, String last) {
    List<String> said = stopped(changes);
    assertEquals(lines, said.size(), said.toString());
    assertEquals("instance i00 is now ADMIN_down (was running)", said.get(0));
    assertEquals(true, said.get(said.size() - 1).startsWith(last), said.toString());
  }

  @Test
  void aSnapshotComparedWithNoneNowSaysSoAndKeepsWhenItWasRead() {
    Instant read = Instant.parse("2027-03-01T10:00:00Z");
    assertEquals(
        new PlayedSnapshot(Optional.of(read), List.of(PlayedSnapshot.NONE_NOW)),
        PlayedSnapshot.of(Optional.of(read), WAS, Optional.empty()));
    assertEquals(
        new PlayedSnapshot(Optional.empty(), List.of("node n2 is now drained")),
        PlayedSnapshot.of(
            Optional.empty(), WAS, Optional.of(nodeFlags(WAS, "n2", f -> f.withDrained(true)))));
  }
}
