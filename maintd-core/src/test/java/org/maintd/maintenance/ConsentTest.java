package org.maintd.maintenance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.Instance;
import org.maintd.machine.MachineMode;
import org.maintd.testing.ClusterBuilder;

/** The instances' answers to the drain of their node: by tag, by command, and what they block. */
class ConsentTest {
  static final Instant NOW = Instant.ofEpochSecond(1_800_000_000);

  static Cluster cluster(String... i1Tags) {
    Cluster c =
        new ClusterBuilder()
            .node("n1", "g", 8192, 100000, false)
            .node("n2", "g", 8192, 100000, false)
            .instance("i1", "n1", "", DiskTemplate.SHAREDFILE)
            .instance("i2", "n1", "", DiskTemplate.SHAREDFILE)
            .build();
    return c.withInstance("i1", i -> i.withTags(List.of(i1Tags)));
  }

  static Maintenance draining(String node) {
    return Maintenance.empty()
        .withMode(new MaintenanceMode(node, MachineMode.DRAIN, NOW.minusSeconds(60), "test"));
  }

  static Consent answer(String instance, Consent.Answer a, String reason) {
    return new Consent(instance, "n1", a, reason, NOW, Optional.empty(), "command ask");
  }

  @ParameterizedTest
  @CsvSource({"'',n1", "i1,''", "' ',n1"})
  void aConsentNamesItsInstanceAndNode(String instance, String node) {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                new Consent(
                    instance, node, Consent.Answer.ACCEPT, "", NOW, Optional.empty(), "tag"));
    assertTrue(e.getMessage().contains("'" + instance + "' on '" + node + "'"), e.getMessage());
  }

  @Test
  void unknownAnswerIsRefusedNamingIt() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Consent.Answer.parse("MAYBE"));
    assertTrue(e.getMessage().contains("'MAYBE'"), e.getMessage());
    assertEquals(Consent.Answer.DECLINE, Consent.Answer.parse("DECLINE"));
  }

  @Test
  void statusOfAnInstance() {
    Instance i1 = cluster().instance("i1").orElseThrow();
    assertInstanceOf(Consents.Status.Free.class, Consents.of(i1, "n1", List.of(), false));
    assertInstanceOf(Consents.Status.Pending.class, Consents.of(i1, "n1", List.of(), true));
    List<Consent> declinedThenAccepted =
        List.of(
            answer("i1", Consent.Answer.DECLINE, "busy"),
            answer("i1", Consent.Answer.ACCEPT, "ok"));
    assertInstanceOf(Consents.Status.Free.class, Consents.of(i1, "n1", declinedThenAccepted, true));
    Consents.Status declined =
        Consents.of(i1, "n1", List.of(answer("i1", Consent.Answer.DECLINE, "busy")), true);
    assertEquals("busy", ((Consents.Status.Declined) declined).answer().reason());
    // an answer for another node or another instance says nothing of this one
    assertInstanceOf(
        Consents.Status.Pending.class,
        Consents.of(i1, "n2", List.of(answer("i1", Consent.Answer.DECLINE, "x")), true));
    assertInstanceOf(
        Consents.Status.Pending.class,
        Consents.of(i1, "n1", List.of(answer("i2", Consent.Answer.DECLINE, "x")), true));
  }

  @Test
  void aDeclineTagIsRecordedOnceAndDroppedWithTheTag() {
    Cluster tagged = cluster(Consents.DECLINE_TAG + "backup running");
    Maintenance once = Consents.observe(draining("n1"), tagged, Map.of(), NOW);
    assertEquals(1, once.consents().size());
    Consent c = once.consents().get(0);
    assertEquals(
        List.of("i1", "n1", "DECLINE", "backup running", "tag"),
        List.of(c.instance(), c.node(), c.answer().name(), c.reason(), c.source()));
    Maintenance again = Consents.observe(once, tagged, Map.of(), NOW.plusSeconds(30));
    assertEquals(once, again, "the same tag seen again keeps its first time");
    Maintenance changed =
        Consents.observe(once, cluster(Consents.DECLINE_TAG + "restore"), Map.of(), NOW);
    assertEquals("restore", changed.consents().get(changed.consents().size() - 1).reason());
    assertEquals(List.of(), Consents.observe(once, cluster(), Map.of(), NOW).consents());
  }

  @Test
  void onlyDrainingNodesAreObserved() {
    Cluster tagged = cluster(Consents.DECLINE_TAG + "busy");
    assertEquals(List.of(), Consents.observe(draining("n2"), tagged, Map.of(), NOW).consents());
  }

  @Test
  void aCommandsAnswerIsKeptUnlessATagDeclines() {
    Consent accept = answer("i2", Consent.Answer.ACCEPT, "fine");
    Maintenance m = Consents.observe(draining("n1"), cluster(), Map.of("i2", accept), NOW);
    assertEquals(List.of(accept), m.consents());
    Consent forI1 = answer("i1", Consent.Answer.ACCEPT, "fine");
    Maintenance tagWins =
        Consents.observe(
            draining("n1"), cluster(Consents.DECLINE_TAG + "no"), Map.of("i1", forI1), NOW);
    assertEquals(List.of("tag"), tagWins.consents().stream().map(Consent::source).toList());
    Consent elsewhere =
        new Consent("i2", "n2", Consent.Answer.DECLINE, "x", NOW, Optional.empty(), "command a");
    assertEquals(
        List.of(),
        Consents.observe(draining("n1"), cluster(), Map.of("i2", elsewhere), NOW).consents());
  }
}
