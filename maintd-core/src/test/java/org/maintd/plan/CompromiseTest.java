package org.maintd.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.Instance;
import org.maintd.cluster.InstanceStatus;
import org.maintd.testing.ClusterBuilder;

/**
 * What a placement compromises, at and around each boundary: N+1 once the node's free memory after
 * it would be no more than what it holds in reserve for a peer (the largest, or the one whose
 * secondary it becomes), not when it was below that reserve already; an exclusion tag already on
 * the node, for a primary only; nothing otherwise.
 */
class CompromiseTest {
  /** n1 holds 2048 MiB in reserve for n2 (the secondary of a); n2 runs a, tagged svc:web. */
  private static Capacity capacity() {
    Cluster c =
        new ClusterBuilder()
            .node("n1", "g", 8192, 100000, false)
            .node("n2", "g", 8192, 100000, false)
            .node("n3", "g", 1024, 100000, false)
            .instance("a", "n2", "n1", DiskTemplate.DRBD, 2048, InstanceStatus.running)
            .instance("b", "n1", "n3", DiskTemplate.DRBD, 2048, InstanceStatus.running)
            .build()
            .withTags(List.of("htools:iextags:svc"))
            .withInstance("a", i -> i.withTags(List.of("svc:web")));
    return new Capacity(c, Capacity.DEFAULT_VCPU_RATIO);
  }

  private static Instance placed(String tag) {
    return new Instance(
        "new",
        "",
        1024,
        1024,
        1,
        InstanceStatus.running,
        true,
        "",
        "",
        DiskTemplate.DRBD,
        tag.isEmpty() ? List.of() : List.of(tag),
        1,
        "-",
        false);
  }

  @ParameterizedTest(name = "{0} takes {1} MiB as the secondary of ''{2}'', tagged ''{3}'': {4}")
  @CsvSource({
    "n1, 6143, '', '', ''",
    "n1, 6144, '', '', n1 could no longer take over its peers' instances (N+1)",
    "n1, 8192, '', '', n1 could no longer take over its peers' instances (N+1)",
    "n1, 5119, n2, '', ''",
    "n1, 5120, n2, '', n1 could no longer take over its peers' instances (N+1)",
    "n3, 1024, '', '', ''",
    "n3, 0, '', '', ''",
    "n2, 0, '', svc:web, n2 already runs an instance tagged svc:web",
    "n2, 0, '', svc:db, ''",
    "n2, 0, n1, svc:web, ''",
    "n1, 0, '', svc:web, ''",
  })
  void aPlacementCompromisesNPlusOneOrAnExclusionTag(
      String node, long memory, String secondaryOf, String tag, String compromise) {
    Optional<Compromise> found =
        capacity()
            .compromise(
                node,
                placed(tag),
                new Capacity.Need(memory, 0, 0),
                secondaryOf.isEmpty() ? null : secondaryOf);
    assertEquals(compromise, found.map(Compromise::text).orElse(""));
  }
}
