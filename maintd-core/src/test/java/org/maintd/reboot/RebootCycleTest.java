package org.maintd.reboot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maintd.wait.CapacityWait;

/**
 * A node's power cycle, pass by pass: node n6 with boot id boot-1, a soft timeout of 300 s and a
 * boot timeout of 900 s; the test changes what the round sees between passes.
 */
class RebootCycleTest {
  private static final Optional<Action> NONE = Optional.empty();

  private static Node withPower() {
    return new Node(Node.policy(true, true));
  }

  @Test
  void oneShotDrainsEmptiesRebootsAndIsDoneWhenTheNodeIsBack() {
    Node n = withPower();
    n.primaries = 2;
    n.ask("r1", RebootMode.SOFT, null, true);
    n.step(1);
    assertEquals(Optional.of(new Action.Drain()), n.action());
    assertEquals("draining n6", n.last.text());
    assertEquals(RequestStatus.EVACUATING, n.status("r1"));
    assertEquals(CyclePhase.DRAIN, n.state.phase());
    assertEquals("r1", n.state.id());
    assertEquals(Optional.of(Node.T), n.state.pendingRebootSince());
    n.drained = true;
    n.step(10);
    assertEquals(Optional.of(new Action.Evacuate()), n.action());
    assertEquals("moving 2 instance(s) off", n.last.text());
    n.primaries = 0;
    n.step(10);
    assertEquals(Optional.of(new Action.Reboot(RebootMode.SOFT)), n.action());
    assertEquals("rebooting n6 (soft)", n.last.text());
    assertEquals(RequestStatus.POWERING_OFF, n.status("r1"));
    assertEquals(OffKind.REBOOT, n.state.off());
    assertEquals("boot-1", n.state.bootId());
    n.answering = false;
    n.bootId = "";
    n.step(30);
    assertEquals(NONE, n.action());
    assertEquals("rebooting", n.last.text());
    n.answering = true;
    n.bootId = "boot-2";
    n.step(30);
    assertEquals(Optional.of(n.now), n.state.lastPoweredOn());
    assertEquals(RequestStatus.DONE, n.status("r1"));
    assertEquals(Optional.of(new Action.Undrain()), n.action());
    assertTrue(n.request("r1").pendingRebootSince().isBefore(n.state.lastPoweredOn().get()));
    n.drained = false;
    n.step(10);
    assertEquals(NONE, n.action());
    assertEquals("back in service", n.last.text());
    assertEquals(CyclePhase.IDLE, n.state.phase());
  }

  @Test
  void aOneShotLeavesANodeThatWasSetOfflineMeanwhileOffline() {
    Node n = withPower();
    n.ask("r1", RebootMode.SOFT, null, true);
    n.step(1);
    n.drained = true;
    n.step(1);
    assertEquals(Optional.of(new Action.Reboot(RebootMode.SOFT)), n.action());
    n.bootId = "boot-2";
    n.offline = true;
    n.step(60);
    assertEquals(RequestStatus.DONE, n.status("r1"));
    assertEquals(Optional.of(new Action.Undrain()), n.action());
    n.drained = false;
    n.step(10);
    assertEquals(NONE, n.action());
    assertEquals(CyclePhase.IDLE, n.state.phase());
  }

  @Test
  void aNodeThatWasDrainedBeforeStaysDrained() {
    Node n = withPower();
    n.drained = true;
    n.ask("r1", RebootMode.SOFT, null, true);
    n.step(1);
    assertEquals(Optional.of(new Action.Reboot(RebootMode.SOFT)), n.action());
    assertTrue(n.state.wasDrained());
    n.bootId = "boot-2";
    n.step(60);
    assertEquals(RequestStatus.DONE, n.status("r1"));
    assertEquals("back in service", n.last.text());
  }

  @Test
  void withoutEvacuationTheNodeIsRebootedAtOnce() {
    Node n = withPower();
    n.primaries = 3;
    n.ask("r1", RebootMode.SOFT, null, false);
    n.step(1);
    assertEquals(Optional.of(new Action.Reboot(RebootMode.SOFT)), n.action());
  }

  @Test
  void theMasterRoleMovesFirst() {
    Node n = withPower();
    n.master = true;
    n.ask("r1", RebootMode.SOFT, null, false);
    n.step(1);
    assertEquals(Optional.of(new Action.FailoverMaster()), n.action());
    assertEquals("is the master: the role moves first", n.last.text());
    assertEquals(RequestStatus.PENDING, n.status("r1"));
    assertEquals(
        List.of("pending", "pending"),
        n.request("r1").history().stream().map(RequestEvent::status).toList(),
        "a request without evacuation never says it is evacuating");
    n.busy = true;
    n.step(1);
    assertEquals(NONE, n.action());
    assertEquals("busy with another job this round", n.last.text());
    n.busy = false;
    n.master = false;
    n.step(1);
    assertEquals(Optional.of(new Action.Reboot(RebootMode.SOFT)), n.action());
  }

  @Test
  void overTheCapARequestWaitsAndSaysSo() {
    Node n = withPower();
    n.cap = Optional.of(new CapacityWait.CapReached("group g1", List.of("n2"), 1, "1"));
    n.ask("r1", RebootMode.SOFT, null, true);
    n.step(1);
    assertEquals(NONE, n.action());
    assertEquals(
        "waits for the safety cap: cap: group g1 already has 1 node(s) out of service (n2),"
            + " maxUnavailable allows 1 (1)",
        n.last.text());
    assertTrue(n.last.capped().isPresent());
    Node m = withPower();
    m.cap = n.cap;
    m.ask("r1", RebootMode.SOFT, null, false);
    m.step(1);
    assertEquals(NONE, m.action());
    assertTrue(m.last.text().startsWith("waits for the safety cap: "));
    m.offline = true;
    m.step(1);
    assertEquals(Optional.of(new Action.Reboot(RebootMode.SOFT)), m.action());
  }

  @Test
  void aBusyNodeIsNeitherDrainedNorRebooted() {
    Node n = withPower();
    n.busy = true;
    n.ask("r1", RebootMode.SOFT, null, true);
    n.step(1);
    assertEquals(NONE, n.action());
    assertEquals("busy with another job this round", n.last.text());
    assertFalse(n.last.capped().isPresent());
    n.drained = true;
    n.step(1);
    assertEquals(NONE, n.action());
    assertEquals("busy with another job this round", n.last.text());
  }

  @Test
  void twoKeysHoldTheNodeOffUntilBothAreReleased() {
    for (List<String> order : List.of(List.of("alpha", "beta"), List.of("beta", "alpha"))) {
      Node n = withPower();
      n.ask("a", RebootMode.SOFT, "alpha", false);
      n.ask("b", RebootMode.SOFT, "beta", false);
      n.step(1);
      assertEquals(Optional.of(new Action.PowerOff(RebootMode.SOFT)), n.action());
      assertEquals("powering off n6 (soft)", n.last.text());
      assertEquals(OffKind.POWER_OFF, n.state.off());
      n.step(5);
      assertEquals("powering off", n.last.text());
      n.answering = false;
      n.bootId = "";
      n.step(5);
      assertEquals(CyclePhase.HELD, n.state.phase());
      assertEquals(RequestStatus.HELD, n.status("a"));
      assertEquals(RequestStatus.HELD, n.status("b"));
      assertEquals("held by alpha, beta", n.last.text());
      n.release(order.get(0));
      n.step(60);
      assertEquals(NONE, n.action());
      assertEquals("held by " + order.get(1), n.last.text());
      n.release(order.get(1));
      n.step(60);
      assertEquals(Optional.of(new Action.PowerOn()), n.action());
      assertEquals(RequestStatus.POWERING_ON, n.status("a"));
      n.step(10);
      assertEquals("powering on", n.last.text());
      n.answering = true;
      n.bootId = "boot-2";
      n.step(10);
      assertEquals(RequestStatus.DONE, n.status("a"), order.toString());
      assertEquals(RequestStatus.DONE, n.status("b"));
      assertEquals(Optional.of(n.now), n.state.lastPoweredOn());
      assertEquals("back in service", n.last.text());
    }
  }

  @Test
  void aPowerOnWaitsWhileTheNodeIsBusy() {
    Node n = withPower();
    n.ask("a", RebootMode.SOFT, "alpha", false);
    n.step(1);
    n.answering = false;
    n.step(5);
    n.release("alpha");
    n.busy = true;
    n.step(5);
    assertEquals(NONE, n.action());
    assertEquals("released; busy with another job this round", n.last.text());
  }

  @Test
  void hardWinsOverSoft() {
    Node n = withPower();
    n.ask("s", RebootMode.SOFT, null, false);
    n.ask("h", RebootMode.HARD, "alpha", false);
    n.step(1);
    assertEquals(Optional.of(new Action.PowerOff(RebootMode.HARD)), n.action());
    assertEquals(RebootMode.HARD, n.state.mode());
  }

  @Test
  void aHardRequestJoiningBeforeTheRebootMakesItHard() {
    Node n = withPower();
    n.ask("s", RebootMode.SOFT, null, true);
    n.step(1);
    assertEquals(Optional.of(new Action.Drain()), n.action());
    n.ask("h", RebootMode.HARD, null, true);
    n.drained = true;
    n.step(1);
    assertEquals(Optional.of(new Action.Reboot(RebootMode.HARD)), n.action());
    assertTrue(n.request("h").in("s"));
  }

  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void aSoftAttemptThatDoesNotTakeEffectFallsBackToHard(boolean hold) {
    Node n = withPower();
    n.ask("r1", RebootMode.SOFT, hold ? "alpha" : null, false);
    n.step(1);
    n.step(299);
    assertEquals(NONE, n.action());
    n.step(1);
    Action hard = hold ? new Action.PowerOff(RebootMode.HARD) : new Action.Reboot(RebootMode.HARD);
    assertEquals(Optional.of(hard), n.action());
    String verb = hold ? "power-off" : "reboot";
    assertEquals(
        "the soft " + verb + " did not take effect within PT5M; going hard", n.last.text());
    assertTrue(n.state.forceHard());
    assertEquals(RebootMode.HARD, n.state.mode());
    assertEquals(n.now, n.state.since());
    n.step(600);
    assertEquals(NONE, n.action());
  }

  @Test
  void withoutAHardPathASoftAttemptThatDoesNotTakeEffectFails() {
    Node n = new Node(Node.policy(false, true));
    n.ask("r1", RebootMode.SOFT, null, false);
    n.step(1);
    n.step(300);
    assertEquals(RequestStatus.FAILED, n.status("r1"));
    assertEquals(
        "failed: the soft reboot did not take effect within PT5M and no hard path is configured",
        n.last.text());
    assertEquals(
        "the soft reboot did not take effect within PT5M and no hard path is configured",
        n.request("r1").history().get(n.request("r1").history().size() - 1).detail());
    assertEquals(CyclePhase.IDLE, n.state.phase());
  }

  @Test
  void aNodeThatDoesNotComeBackFailsItsRequestsWithTheReason() {
    Node n = withPower();
    n.ask("r1", RebootMode.SOFT, null, false);
    n.step(1);
    n.answering = false;
    n.step(899);
    assertEquals("rebooting", n.last.text());
    n.step(1);
    assertEquals(RequestStatus.FAILED, n.status("r1"));
    assertEquals("failed: node n6 did not come back within PT15M of its reboot", n.last.text());
    assertEquals(Optional.empty(), n.state.lastPoweredOn());
  }

  @Test
  void aHeldNodeThatDoesNotComeBackAfterItsPowerOnFails() {
    Node n = withPower();
    n.ask("a", RebootMode.SOFT, "alpha", false);
    n.step(1);
    n.answering = false;
    n.step(1);
    n.release("alpha");
    n.step(1);
    assertEquals(Optional.of(new Action.PowerOn()), n.action());
    n.step(900);
    assertEquals(RequestStatus.FAILED, n.status("a"));
    assertEquals("failed: node n6 did not come back within PT15M of its power-on", n.last.text());
  }

  @Test
  void aHardPowerOffThatDoesNotTakeEffectFails() {
    Node n = withPower();
    n.ask("a", RebootMode.HARD, "alpha", false);
    n.step(1);
    n.step(899);
    assertEquals("powering off", n.last.text());
    n.step(1);
    assertEquals("failed: node n6 did not come back within PT15M of its power-off", n.last.text());
  }

  @Test
  void aFailedSoftJobFallsBackToHardAndAnyOtherFailsTheCycle() {
    Node n = withPower();
    n.ask("r1", RebootMode.SOFT, null, false);
    n.step(1);
    n.jobFailed(5, "reboot refused by n6's collector");
    assertEquals("reboot refused by n6's collector; a hard one is due", n.last.text());
    assertEquals(CyclePhase.MASTER, n.state.phase());
    n.step(1);
    assertEquals(Optional.of(new Action.Reboot(RebootMode.HARD)), n.action());
    n.jobFailed(5, "power-cycle failed");
    assertEquals(RequestStatus.FAILED, n.status("r1"));
    assertEquals("failed: power-cycle failed", n.last.text());
    Node m = new Node(Node.policy(false, true));
    m.ask("r1", RebootMode.SOFT, null, false);
    m.step(1);
    m.jobFailed(5, "refused");
    assertEquals(RequestStatus.FAILED, m.status("r1"));
  }

  @Test
  void withoutPowerControlAHoldIsARebootThenOfflineAndDrained() {
    Node n = new Node(Node.policy(false, false));
    n.ask("a", RebootMode.SOFT, "alpha", true);
    n.ask("b", RebootMode.SOFT, "beta", true);
    n.step(1);
    assertEquals(Optional.of(new Action.Drain()), n.action());
    n.drained = true;
    n.step(1);
    assertEquals(Optional.of(new Action.Reboot(RebootMode.SOFT)), n.action());
    n.bootId = "boot-2";
    n.step(60);
    assertEquals(Optional.of(new Action.SetOffline(true)), n.action());
    assertEquals("held by alpha, beta: set offline", n.last.text());
    assertEquals(RequestStatus.HELD, n.status("a"));
    assertEquals(Optional.of(n.now), n.state.lastPoweredOn());
    n.offline = true;
    n.release("beta");
    n.step(60);
    assertEquals("held by alpha", n.last.text());
    assertEquals(NONE, n.action());
    n.release("alpha");
    n.step(60);
    assertEquals(RequestStatus.DONE, n.status("a"));
    assertEquals(RequestStatus.DONE, n.status("b"));
    assertEquals(Optional.of(new Action.SetOffline(false)), n.action());
    n.offline = false;
    n.step(10);
    assertEquals(Optional.of(new Action.Undrain()), n.action());
  }

  @Test
  void aRequestSeenBeforeTheRebootTookEffectIsDoneByItsPowerOn() {
    Node n = withPower();
    n.ask("r1", RebootMode.SOFT, null, false);
    n.step(1);
    n.ask("r2", RebootMode.SOFT, null, false);
    n.reported = Optional.of(n.now.plusSeconds(5));
    n.step(10);
    assertTrue(n.request("r2").in("r1"));
    assertEquals(RequestStatus.POWERING_OFF, n.status("r2"));
    n.bootId = "boot-2";
    n.reported = Optional.empty();
    n.step(60);
    assertEquals(RequestStatus.DONE, n.status("r1"));
    assertEquals(RequestStatus.DONE, n.status("r2"));
    assertEquals("back in service", n.last.text());
  }

  @ParameterizedTest
  @ValueSource(strings = {"silent", "report made before it", "back already"})
  void aRequestNotSeenBeforeTheRebootTookEffectWaitsForTheNextCycle(String seen) {
    Node n = withPower();
    n.ask("r1", RebootMode.SOFT, null, false);
    n.step(1);
    n.ask("r2", RebootMode.SOFT, null, false);
    n.answering = !seen.equals("silent");
    n.bootId = seen.equals("back already") ? "boot-2" : n.answering ? "boot-1" : "";
    n.reported = Optional.of(n.now.minusSeconds(seen.equals("back already") ? -5 : 1));
    n.step(10);
    assertFalse(n.request("r2").in("r1"), n.request("r2").toString());
    n.answering = true;
    n.bootId = "boot-2";
    n.step(60);
    assertEquals(RequestStatus.DONE, n.status("r1"));
    assertEquals("r2", n.state.id());
    assertTrue(n.request("r2").in("r2"));
    assertEquals(RequestStatus.POWERING_OFF, n.status("r2"));
  }

  @Test
  void aKeyedRequestAcceptedWhileAOneShotRebootIsUnderWayWaitsForAPowerOffOfItsOwn() {
    Node n = withPower();
    n.ask("r1", RebootMode.SOFT, null, false);
    n.step(1);
    n.ask("r2", RebootMode.SOFT, "alpha", false);
    n.bootId = "boot-2";
    n.step(60);
    assertEquals(RequestStatus.DONE, n.status("r1"));
    assertEquals("r2", n.state.id());
    assertEquals(Optional.of(new Action.PowerOff(RebootMode.SOFT)), n.action());
    assertEquals(RequestStatus.POWERING_OFF, n.status("r2"));
    assertTrue(n.request("r2").in("r2"));
  }

  @Test
  void aRequestJoinsANodeHeldOffAndIsDoneByItsPowerOn() {
    Node n = withPower();
    n.ask("a", RebootMode.SOFT, "alpha", false);
    n.step(1);
    n.answering = false;
    n.step(1);
    n.ask("b", RebootMode.SOFT, "beta", false);
    n.ask("c", RebootMode.SOFT, null, false);
    n.release("alpha");
    n.step(1);
    assertEquals("held by beta", n.last.text());
    assertEquals(RequestStatus.HELD, n.status("b"));
    assertEquals(RequestStatus.HELD, n.status("c"));
    assertTrue(n.request("c").in("a"));
    n.release("beta");
    n.step(1);
    assertEquals(Optional.of(new Action.PowerOn()), n.action());
    n.answering = true;
    n.bootId = "boot-2";
    n.step(30);
    assertEquals(RequestStatus.DONE, n.status("b"));
    assertEquals(RequestStatus.DONE, n.status("c"));
    assertEquals("back in service", n.last.text());
  }

  @Test
  void aRequestOfTheSameInstantAsThePowerOnIsLeftForTheNextCycle() {
    Node n = withPower();
    n.ask("r1", RebootMode.SOFT, null, false);
    n.step(0);
    n.bootId = "boot-2";
    n.step(0);
    assertEquals(Optional.of(Node.T), n.state.lastPoweredOn());
    assertEquals(RequestStatus.POWERING_OFF, n.status("r1"));
    assertEquals(Optional.of(new Action.Reboot(RebootMode.SOFT)), n.action());
    assertEquals("boot-2", n.state.bootId());
    assertTrue(
        n.request("r1").history().stream()
            .anyMatch(
                e ->
                    e.detail()
                        .equals(
                            "the power-on at "
                                + Node.T
                                + " came before it: waits for the next cycle")),
        n.request("r1").history().toString());
  }

  @Test
  void anIdleNodeDoesNothing() {
    Node n = withPower();
    n.step(1);
    assertEquals(NONE, n.action());
    assertEquals("no reboot requested", n.last.text());
    assertFalse(n.state.lastPoweredOn().isPresent());
  }

  @Test
  void aCycleLeftWithoutRequestsBeforeTheNodeWentDownBringsItBack() {
    Node n = withPower();
    n.primaries = 1;
    n.ask("r1", RebootMode.SOFT, null, true);
    n.step(1);
    n.drained = true;
    n.step(1);
    assertEquals(Optional.of(new Action.Evacuate()), n.action());
    n.requests.replaceAll(r -> r.to(RequestStatus.FAILED, n.now, "canceled by ops"));
    n.step(1);
    assertEquals(Optional.of(new Action.Undrain()), n.action());
    assertEquals(CyclePhase.UNDRAIN, n.state.phase());
    n.drained = false;
    n.step(1);
    assertEquals("back in service", n.last.text());
  }

  @Test
  void aCycleThatTookItsNodeDownGoesOnWithoutRequests() {
    Node n = withPower();
    n.ask("a", RebootMode.SOFT, "alpha", false);
    n.step(1);
    n.answering = false;
    n.step(1);
    n.requests.replaceAll(r -> r.to(RequestStatus.FAILED, n.now, "canceled by ops"));
    n.step(1);
    assertEquals(Optional.of(new Action.PowerOn()), n.action());
  }
}
