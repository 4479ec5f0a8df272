package org.maintd.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Node;
import org.maintd.diagnose.DiagnoseParser;
import org.maintd.incident.Observation;
import org.maintd.testing.ClusterBuilder;

class SafetyTest {

  @ParameterizedTest
  @CsvSource({
    "1,10,1",
    "3,10,3",
    "0,10,0",
    "25%,10,2",
    "25%,3,1",
    "0%,10,0",
    "100%,7,7",
    "50%,1,1"
  })
  void anAllowanceIsACountOrAPercentageRoundedDownButAtLeastOne(
      String text, int total, int allowed) {
    assertEquals(allowed, Allowance.parse(text).of(total));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "-1", "1.5", "ten", "101%", "%", "1 node", "9999999999"})
  void aBadAllowanceSaysWhatWasExpected(String text) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Allowance.parse(text));
    assertTrue(
        e.getMessage().contains("count") || e.getMessage().contains("percentage"), e.getMessage());
  }

  private static Cluster racks() {
    Cluster c =
        new ClusterBuilder()
            .group("g1")
            .group("g2")
            .node("a1", "g1", 8192, 100000, true)
            .node("a2", "g1", 8192, 100000, false)
            .node("a3", "g1", 8192, 100000, false)
            .node("b1", "g2", 8192, 100000, false)
            .node("b2", "g2", 8192, 100000, false)
            .node("b3", "g2", 8192, 100000, false)
            .build();
    // a2 and b1 share rack r1; the others are in racks of their own.
    Map<String, String> rack =
        Map.of("a1", "r0", "a2", "r1", "a3", "r2", "b1", "r1", "b2", "r3", "b3", "r4");
    for (String n : rack.keySet()) {
      c = c.withNode(n, x -> x.withTag("rack:" + rack.get(n)));
    }
    return c;
  }

  @Test
  void theLedgerCountsDrainedAndOfflineNodesPerGroupAndPerFailureDomain() {
    Cluster c = racks().withNode("a2", n -> n.withFlags(n.flags().withDrained(true)));
    UnavailabilityLedger ledger =
        new UnavailabilityLedger(c, new SafetyCaps(Allowance.parse("1"), List.of("rack:")));
    Node a3 = c.node("a3").orElseThrow();
    Node b1 = c.node("b1").orElseThrow();
    Node b2 = c.node("b2").orElseThrow();
    assertEquals(
        "cap: group g1 already has 1 node(s) out of service (a2), maxUnavailable allows 1 (1)",
        ledger.refusal(a3).orElseThrow().text());
    assertEquals(
        "cap: failure domain rack:r1 already has 1 node(s) out of service (a2), maxUnavailable allows 1 (1)",
        ledger.refusal(b1).orElseThrow().text());
    assertEquals("cap", ledger.refusal(b1).orElseThrow().kind());
    assertTrue(ledger.refusal(b2).isEmpty());
    assertTrue(
        ledger.refusal(c.node("a2").orElseThrow()).isEmpty(),
        "a node already out of service is not refused again");
    ledger.takeDown(b2);
    assertTrue(
        ledger.refusal(c.node("b3").orElseThrow()).orElseThrow().text().contains("(b2)"),
        "a node taken down this pass counts at once");
    assertTrue(
        ledger.refusal(b2).isEmpty(),
        "and is not refused by its own count: its drain may not have run yet");
  }

  @Test
  void aPercentageCapOfAFailureDomainIsTakenOfTheDomainsSize() {
    ClusterBuilder b = new ClusterBuilder().group("g1");
    for (int i = 1; i <= 8; i++) {
      b.node("n" + i, "g1", 8192, 100000, i == 1);
    }
    Cluster c = b.build();
    for (int i = 1; i <= 8; i++) {
      String rack = i <= 4 ? "rack:r1" : "rack:r2";
      c = c.withNode("n" + i, x -> x.withTag(rack));
    }
    c = c.withNode("n2", n -> n.withFlags(n.flags().withDrained(true)));
    UnavailabilityLedger ledger =
        new UnavailabilityLedger(c, new SafetyCaps(Allowance.parse("50%"), List.of("rack:")));
    assertTrue(
        ledger.refusal(c.node("n3").orElseThrow()).isEmpty(),
        "half of rack r1's four nodes is two: one more");
    ledger.takeDown(c.node("n3").orElseThrow());
    assertTrue(
        ledger
            .refusal(c.node("n4").orElseThrow())
            .orElseThrow()
            .text()
            .startsWith(
                "cap: failure domain rack:r1 already has 2 node(s) out of service (n2, n3)"),
        ledger.refusal(c.node("n4").orElseThrow()).toString());
    assertTrue(ledger.refusal(c.node("n5").orElseThrow()).isEmpty(), "rack r2 has none out");
  }

  @Test
  void withoutFailureDomainsOnlyGroupsCount() {
    Cluster c = racks().withNode("a2", n -> n.withFlags(n.flags().withOffline(true)));
    UnavailabilityLedger ledger =
        new UnavailabilityLedger(c, new SafetyCaps(Allowance.parse("2"), List.of()));
    assertTrue(ledger.refusal(c.node("b1").orElseThrow()).isEmpty());
    assertTrue(ledger.refusal(c.node("a3").orElseThrow()).isEmpty());
    ledger.takeDown(c.node("a3").orElseThrow());
    assertTrue(
        ledger
            .refusal(c.node("a1").orElseThrow())
            .orElseThrow()
            .text()
            .startsWith("cap: group g1 already has 2 node(s)"));
  }

  private static Map<String, Observation> faults(Cluster c, int count, List<String> clear) {
    Map<String, Observation> poll = new HashMap<>();
    int made = 0;
    for (Node n : c.nodes()) {
      if (clear.contains(n.name())) {
        poll.put(n.name(), new Observation.Clear());
      } else if (made++ < count) {
        poll.put(
            n.name(),
            new Observation.Fault(
                new DiagnoseParser().parseCommandOutput(Map.of("status", "evacuate"))));
      } else {
        poll.put(n.name(), new Observation.Unknown("unreachable"));
      }
    }
    return poll;
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 100})
  void aStormThresholdOfExactlyZeroOrAHundredPercentIsAccepted(int percent) {
    assertEquals(percent, new StormGuard(percent).thresholdPercent());
  }

  @Test
  void aStormIsMoreThanTheThresholdOfOnlineNodesReportingAFault() {
    Cluster c = racks();
    StormGuard guard = new StormGuard(30);
    assertTrue(guard.storm(c, faults(c, 1, List.of())).isEmpty(), "1 of 6");
    // Unreachable nodes are not faults: two faults and four unknowns are 33%.
    String two = guard.storm(c, faults(c, 2, List.of())).orElseThrow();
    assertEquals(
        "storm guard: 2 of 6 online nodes (33%) reported a fault in one poll, more than the storm threshold "
            + "of 30% (a1, a2); check the diagnose scripts, then run 'maintctl resume'",
        two);
  }

  @Test
  void offlineNodesAreNotCountedAndExactlyTheThresholdIsNoStorm() {
    Cluster c =
        new ClusterBuilder()
            .group("g")
            .node("n1", "g", 1, 1, true)
            .node("n2", "g", 1, 1, false)
            .node("n3", "g", 1, 1, false)
            .node("n4", "g", 1, 1, false)
            .build();
    StormGuard half = new StormGuard(50);
    assertTrue(half.storm(c, faults(c, 2, List.of())).isEmpty(), "2 of 4 is exactly 50%");
    Cluster oneOffline = c.withNode("n4", n -> n.withFlags(n.flags().withOffline(true)));
    assertTrue(
        half.storm(oneOffline, faults(oneOffline, 2, List.of())).isPresent(),
        "2 of 3 online nodes");
  }

  @Test
  void aThresholdOutsideZeroToHundredIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> new StormGuard(101));
    assertThrows(IllegalArgumentException.class, () -> new StormGuard(-1));
  }
}
