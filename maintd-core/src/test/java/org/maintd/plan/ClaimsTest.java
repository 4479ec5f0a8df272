package org.maintd.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.cluster.Cluster;
import org.maintd.safety.SafetyCaps;
import org.maintd.testing.ClusterBuilder;

/** What the jobs of a round hold, and which nodes may receive an instance. */
class ClaimsTest {

  @ParameterizedTest(name = "{0} asks for node {1} -> free {2}")
  @CsvSource({"a, n1, true", "b, n1, false", "b, n2, false", "a, n3, true", "b, n3, true"})
  void aNodeIsFreeForItsOwnerAndForNobodyElse(String owner, String node, boolean free) {
    Claims claims = new Claims();
    claims.claim("a", List.of("n1", "n2"), List.of("i1"));
    assertEquals(free, claims.nodeFree(owner, node));
    assertEquals(free, claims.nodesFree(owner, List.of("n3", node)));
  }

  @Test
  void aClaimedInstanceIsNotFreeForAnyoneAndClaimedNodesAreListed() {
    Claims claims = new Claims();
    assertEquals(Set.of(), claims.claimedNodes());
    claims.claim("a", List.of("n1", "n2"), List.of("i1"));
    claims.claim("b", List.of("n3"), List.of());
    assertEquals(false, claims.instanceFree("i1"));
    assertEquals(true, claims.instanceFree("i2"));
    assertEquals(Set.of("n1", "n2", "n3"), claims.claimedNodes());
    assertEquals(false, claims.nodesFree("a", List.of("n1", "n3")));
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "free            | ''",
        "own job         | ''",
        "offline         | n2 is offline",
        "drained         | n2 is drained",
        "incident        | n2 has an active incident or was evacuated",
        "another job     | n2 is busy with another job this round"
      })
  void aTargetIsRefusedWhenItCannotOrMayNotReceiveAnInstance(String state, String refusal) {
    Cluster c =
        new ClusterBuilder()
            .node("n1", "g", 8192, 100000, true)
            .node("n2", "g", 8192, 100000, false)
            .build();
    if (state.equals("offline")) {
      c = c.withNode("n2", n -> n.withFlags(n.flags().withOffline(true)));
    }
    if (state.equals("drained")) {
      c = c.withNode("n2", n -> n.withFlags(n.flags().withDrained(true)));
    }
    RoundContext ctx =
        new RoundContext(
            c, 1, 0, state.equals("incident") ? Set.of("n2") : Set.of(), SafetyCaps.defaults());
    if (state.equals("own job")) {
      ctx.claims.claim("me", List.of("n2"), List.of());
    }
    if (state.equals("another job")) {
      ctx.claims.claim("other", List.of("n2"), List.of());
    }
    assertEquals(
        refusal,
        new TargetChooser(ctx)
            .refusal("me", c.node("n2").orElseThrow())
            .map(org.maintd.wait.WaitReason::text)
            .orElse(""));
  }
}
