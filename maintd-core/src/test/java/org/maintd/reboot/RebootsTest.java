package org.maintd.reboot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The stored reboots, the modes, statuses, phases and policy bounds. */
class RebootsTest {
  private static final Instant T = Instant.parse("2026-11-27T12:00:00Z");

  private static RebootRequest req(String id, String node) {
    return RebootRequest.accepted(
        id, new RebootAsk(node, RebootMode.SOFT, Optional.empty(), "", true, false, "ops"), T);
  }

  @Test
  void keepsTheActiveRequestsAndTheNewestEndedOnes() {
    List<RebootRequest> all = new ArrayList<>();
    for (int i = 0; i < Reboots.KEPT + 3; i++) {
      all.add(req("d" + i, "n1").to(RequestStatus.DONE, T, "done"));
    }
    all.add(1, req("live", "n1"));
    Reboots r = new Reboots(all, List.of());
    CycleStep touch =
        new CycleStep(NodeCycle.idle("n1", T), List.of(), Optional.empty(), "", Optional.empty());
    Reboots pruned = r.with(touch);
    assertEquals(Reboots.KEPT + 1, pruned.requests().size());
    assertEquals("live", pruned.requests().get(0).id());
    assertEquals("d3", pruned.requests().get(1).id());
    assertEquals(List.of(NodeCycle.idle("n1", T)), pruned.cycles());
  }

  @Test
  void namesTheNodesWithRequestsOrCyclesUnderWay() {
    NodeCycle idle = NodeCycle.idle("n3", T);
    NodeCycle held = NodeCycle.idle("n2", T).at(CyclePhase.HELD, T);
    Reboots r =
        new Reboots(
            List.of(req("a", "n5"), req("b", "n1").to(RequestStatus.DONE, T, "")),
            List.of(idle, held));
    assertEquals(List.of("n2", "n5"), r.busyNodes());
    assertEquals(List.of("n2"), r.downNodes());
    Reboots phases =
        new Reboots(
            List.of(),
            java.util.Arrays.stream(CyclePhase.values())
                .map(p -> NodeCycle.idle(p.name(), T).at(p, T))
                .toList());
    assertEquals(List.of("HELD", "MASTER", "OFF", "ON"), phases.downNodes());
    assertEquals(Optional.of(held), r.find("n2"));
    assertEquals(idle, r.cycle("n3", T.plusSeconds(9)));
    assertEquals(NodeCycle.idle("n9", T), r.cycle("n9", T));
    assertEquals(List.of(req("a", "n5")), r.activeOf("n5"));
    assertEquals(List.of(), r.activeOf("n1"));
    assertEquals(1, r.of("n1").size());
  }

  @Test
  void findsACycleByItsIdAndAnOwnerByItsName() {
    NodeCycle c = NodeCycle.idle("n2", T).started("r7", false, T);
    Reboots r =
        Reboots.empty().with(new CycleStep(c, List.of(), Optional.empty(), "", Optional.empty()));
    assertEquals(Optional.of(c), r.cycleById("r7"));
    assertEquals(Optional.empty(), r.cycleById("r8"));
    assertEquals("reboot:r7", c.owner());
    assertEquals(Optional.of("r7"), NodeCycle.OWNERS.idOf("reboot:r7"));
    assertEquals(Optional.empty(), NodeCycle.OWNERS.idOf("campaign:r7"));
  }

  @Test
  void modesStatusesAndPhasesHaveTheirNames() {
    assertEquals(RebootMode.HARD, RebootMode.parse("hard"));
    assertEquals(RebootMode.SOFT, RebootMode.parse("soft"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> RebootMode.parse("HARD"));
    assertEquals("mode must be soft or hard, not \"HARD\"", e.getMessage());
    assertEquals(RebootMode.HARD, RebootMode.SOFT.and(RebootMode.HARD));
    assertEquals(RebootMode.HARD, RebootMode.HARD.and(RebootMode.SOFT));
    assertEquals(RebootMode.SOFT, RebootMode.SOFT.and(RebootMode.SOFT));
    assertEquals("powering-off", RequestStatus.POWERING_OFF.wireName());
    for (RequestStatus s : RequestStatus.values()) {
      assertEquals(s == RequestStatus.DONE || s == RequestStatus.FAILED, s.ended(), s.name());
    }
    assertEquals(RequestStatus.PENDING, CyclePhase.IDLE.status());
    assertEquals(RequestStatus.EVACUATING, CyclePhase.MASTER.status());
    assertEquals(RequestStatus.EVACUATING, CyclePhase.DRAIN.status());
    assertEquals(RequestStatus.EVACUATING, CyclePhase.EVACUATE.status());
    assertEquals(RequestStatus.POWERING_OFF, CyclePhase.OFF.status());
    assertEquals(RequestStatus.HELD, CyclePhase.HELD.status());
    assertEquals(RequestStatus.POWERING_ON, CyclePhase.ON.status());
    assertEquals(RequestStatus.POWERING_ON, CyclePhase.UNDRAIN.status());
  }

  @Test
  void aRequestHoldsOnlyWithAKeyUntilReleasedOrEnded() {
    RebootRequest keyed =
        RebootRequest.accepted(
            "k", new RebootAsk("n1", RebootMode.SOFT, Optional.of("a"), "", true, false, "x"), T);
    assertTrue(keyed.holds());
    assertFalse(keyed.release("x", T).holds());
    assertFalse(keyed.to(RequestStatus.FAILED, T, "").holds());
    assertFalse(req("o", "n1").holds());
    assertEquals(keyed, keyed.to(RequestStatus.PENDING, T, "same"));
    assertEquals(2, keyed.to(RequestStatus.HELD, T, "off").history().size());
    assertEquals("accepted from x", keyed.history().get(0).detail());
  }

  @Test
  void thePolicyRefusesTimesThatAreNotPositive() {
    Duration one = Duration.ofSeconds(1);
    assertEquals(
        "reboot.softTimeout must be positive, not PT0S",
        assertThrows(
                IllegalArgumentException.class,
                () -> new RebootPolicy(Duration.ZERO, one, true, true))
            .getMessage());
    assertEquals(
        "reboot.bootTimeout must be positive, not PT-1S",
        assertThrows(
                IllegalArgumentException.class,
                () -> new RebootPolicy(one, one.negated(), true, true))
            .getMessage());
    assertThrows(
        IllegalArgumentException.class, () -> new RebootPolicy(one.negated(), one, true, true));
    assertThrows(
        IllegalArgumentException.class, () -> new RebootPolicy(one, Duration.ZERO, true, true));
    assertEquals(Duration.ofMinutes(5), RebootPolicy.defaults().softTimeout());
    assertEquals(Duration.ofMinutes(15), RebootPolicy.defaults().bootTimeout());
    assertTrue(RebootPolicy.defaults().hardPath() && RebootPolicy.defaults().powerControl());
  }
}
