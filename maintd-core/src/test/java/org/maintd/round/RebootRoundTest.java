package org.maintd.round;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.maintd.job.JobSpec;
import org.maintd.job.JobStatus;
import org.maintd.job.Operation;
import org.maintd.reboot.CyclePhase;
import org.maintd.reboot.NodeCycle;
import org.maintd.reboot.RebootAsk;
import org.maintd.reboot.RebootMode;
import org.maintd.reboot.RebootRequest;
import org.maintd.reboot.RequestEvent;
import org.maintd.reboot.RequestStatus;

/**
 * Reboot requests through the step: admitted or refused by command, each node's cycle moved on at
 * ticks, its jobs owned by the cycle and stored as intents before they are submitted; a failed soft
 * job falls back to hard; the request is done when the node is back after its power-on.
 */
class RebootRoundTest {
  private final StepDriver d = new StepDriver();
  private final Map<String, String> boots =
      new HashMap<>(Map.of("n1", "b1", "n2", "b2", "n3", "b3", "n4", "b4"));

  private StepResult tick(JobStatus jobs) {
    return d.tickBoots(boots, jobs, Duration.ZERO);
  }

  private Reply ask(String node, RebootMode mode, String key, boolean evacuate) {
    d.command(
        new Command.RequestReboot(
            new RebootAsk(node, mode, Optional.ofNullable(key), "test", evacuate, false, "ops")));
    return d.reply();
  }

  private RebootRequest request(int i) {
    return d.stored().reboots().requests().get(i);
  }

  private List<Operation> submitted() {
    d.carryOut();
    return d.submittedOperations();
  }

  @Test
  void twoKeysHoldANodeOffUntilBothAreReleasedAndThenItIsDone() {
    tick(JobStatus.SUCCESS);
    RebootRequest alpha =
        (RebootRequest)
            assertInstanceOf(Reply.Done.class, ask("n4", RebootMode.SOFT, "alpha", false)).value();
    assertEquals(RequestStatus.PENDING, alpha.status());
    assertInstanceOf(Reply.Done.class, ask("n4", RebootMode.SOFT, "beta", false));
    tick(JobStatus.SUCCESS);
    assertEquals(List.of(new Operation.PowerNode("n4", false, false)), submitted());
    JobSpec job = d.stored().intents().get(0).job();
    assertEquals(NodeCycle.OWNERS.of(alpha.id()), job.owner());
    assertEquals(RequestStatus.POWERING_OFF, request(0).status());
    boots.put("n4", "");
    tick(JobStatus.SUCCESS);
    assertEquals(RequestStatus.HELD, request(0).status());
    assertEquals(RequestStatus.HELD, request(1).status());
    d.command(new Command.ReleaseReboot("n4", "alpha", "ops"));
    assertInstanceOf(Reply.Done.class, d.reply());
    tick(JobStatus.SUCCESS);
    assertEquals(List.of(), submitted());
    assertEquals(CyclePhase.HELD, d.stored().reboots().find("n4").orElseThrow().phase());
    d.command(new Command.ReleaseReboot("n4", "alpha", "ops"));
    assertEquals(Refusal.NOT_FOUND, assertInstanceOf(Reply.Refused.class, d.reply()).kind());
    d.command(new Command.ReleaseReboot("n4", "beta", "ops"));
    tick(JobStatus.SUCCESS);
    assertEquals(List.of(new Operation.PowerNode("n4", true, true)), submitted());
    assertEquals(RequestStatus.POWERING_ON, request(1).status());
    boots.put("n4", "b4-2");
    tick(JobStatus.SUCCESS);
    assertEquals(RequestStatus.DONE, request(0).status());
    assertEquals(RequestStatus.DONE, request(1).status());
    NodeCycle cycle = d.stored().reboots().find("n4").orElseThrow();
    assertTrue(cycle.lastPoweredOn().orElseThrow().isAfter(cycle.pendingRebootSince().get()));
    assertTrue(
        d.last.log().stream().anyMatch(l -> l.text().contains("[node=n4] done")),
        d.last.log().toString());
  }

  @Test
  void aOneShotDrainsAndEmptiesItsNodeAndAFailedSoftRebootFallsBackToHard() {
    tick(JobStatus.SUCCESS);
    ask("n2", RebootMode.SOFT, null, true);
    tick(JobStatus.SUCCESS);
    assertEquals(List.of(Operation.SetNodeFlags.drain("n2")), submitted());
    StepDriver.applyJobs(d);
    tick(JobStatus.SUCCESS);
    List<Operation> moves = submitted();
    assertEquals(1, moves.size());
    assertInstanceOf(Operation.Migrate.class, moves.get(0));
    StepDriver.applyJobs(d);
    tick(JobStatus.SUCCESS);
    assertEquals(List.of(new Operation.RebootNode("n2", false)), submitted());
    tick(JobStatus.CANCELED);
    assertEquals(RequestStatus.POWERING_OFF, request(0).status());
    assertEquals(List.of(new Operation.RebootNode("n2", true)), submitted());
  }

  @Test
  void aRequestItsReleaseAndItsCancelNameTheNodeWhateverItsLetterCase() {
    tick(JobStatus.SUCCESS);
    RebootRequest held =
        (RebootRequest)
            assertInstanceOf(Reply.Done.class, ask("N4", RebootMode.SOFT, "alpha", false)).value();
    assertEquals("n4", held.node());
    assertEquals(List.of(held), d.stored().reboots().activeOf("n4"));
    Reply.Refused twice =
        assertInstanceOf(Reply.Refused.class, ask("n4", RebootMode.SOFT, "alpha", false));
    assertEquals(Refusal.CONFLICT, twice.kind());
    d.command(new Command.ReleaseReboot("N4", "alpha", "ops"));
    RebootRequest released = (RebootRequest) assertInstanceOf(Reply.Done.class, d.reply()).value();
    assertTrue(released.released());
    RebootRequest once =
        (RebootRequest)
            assertInstanceOf(Reply.Done.class, ask("n2", RebootMode.SOFT, null, true)).value();
    d.command(new Command.CancelReboot("N2", once.id(), "ops"));
    assertEquals(
        RequestStatus.FAILED,
        ((RebootRequest) assertInstanceOf(Reply.Done.class, d.reply()).value()).status());
    d.command(new Command.ReleaseReboot("n9", "alpha", "ops"));
    assertEquals(
        "no node n9 in the cluster", assertInstanceOf(Reply.Refused.class, d.reply()).message());
  }

  /** n4 powered off and held by alpha, not drained ({@code evacuate: false}). */
  private void n4HeldByAlpha() {
    tick(JobStatus.SUCCESS);
    ask("n4", RebootMode.SOFT, "alpha", false);
    tick(JobStatus.SUCCESS);
    assertEquals(List.of(new Operation.PowerNode("n4", false, false)), submitted());
    boots.put("n4", "");
    tick(JobStatus.SUCCESS);
    assertEquals(CyclePhase.HELD, d.stored().reboots().find("n4").orElseThrow().phase());
  }

  @Test
  void aNodeHeldOffWithoutItsDrainCountsAgainstTheCapAndAnotherWaits() {
    n4HeldByAlpha();
    assertEquals(RequestStatus.HELD, request(0).status());
    assertEquals(false, d.cluster.node("n4").orElseThrow().drained());
    ask("n3", RebootMode.SOFT, "beta", false);
    tick(JobStatus.SUCCESS);
    assertEquals(List.of(), submitted());
    assertEquals(RequestStatus.PENDING, request(1).status());
    org.maintd.plan.PlanItem n3 =
        d.state.memory().plan().items().stream()
            .filter(i -> i.kind().equals("reboot") && i.id().equals("n3"))
            .findFirst()
            .orElseThrow();
    assertEquals("cap", n3.next().waits().orElseThrow().kind(), n3.next().text());
  }

  @Test
  void refusesAnUnknownNodeAndANodeWithAnActiveIncident() {
    tick(JobStatus.SUCCESS);
    Reply.Refused unknown =
        assertInstanceOf(Reply.Refused.class, ask("n9", RebootMode.SOFT, null, true));
    assertEquals(Refusal.NOT_FOUND, unknown.kind());
    assertEquals("no node n9 in the cluster", unknown.message());
    d.tick(Map.of("n3", StepDriver.fault("live-repair")));
    Reply.Refused busy =
        assertInstanceOf(Reply.Refused.class, ask("n3", RebootMode.SOFT, null, true));
    assertEquals(Refusal.CONFLICT, busy.kind());
    assertTrue(busy.message().startsWith("node n3 has an active incident "), busy.message());
    assertEquals(List.of(), d.stored().reboots().requests());
  }

  @Test
  void aCampaignDoesNotStartOnANodeARebootRequestHoldsNorMoveInstancesOntoIt() {
    n4HeldByAlpha();
    d.startCampaign("n4");
    assertInstanceOf(Reply.Done.class, d.reply());
    tick(JobStatus.SUCCESS);
    assertEquals(List.of(), submitted());
    assertTrue(
        d.stored().campaigns().get(0).next().contains("a reboot request is under way on it"),
        d.stored().campaigns().get(0).next());
    d.command(new Command.ReleaseReboot("n4", "alpha", "ops"));
    d.tick(Map.of());
    assertTrue(
        d.state.memory().plan().items().stream()
            .anyMatch(i -> i.kind().equals("reboot") && i.id().equals("n4")),
        d.state.memory().plan().items().toString());
  }

  @Test
  void theOperatorCannotBringUpNorTakeDownANodeUnderAHeldRequestEvenWithForce() {
    tick(JobStatus.SUCCESS);
    ask("n4", RebootMode.SOFT, "beta", false);
    ask("n4", RebootMode.SOFT, "alpha", false);
    for (Command c :
        List.<Command>of(
            new Command.MachinesUp(List.of("n4"), true, "admin"),
            new Command.MachinesDown(List.of("n4"), true, "admin"))) {
      d.command(c);
      Reply.Refused r = assertInstanceOf(Reply.Refused.class, d.reply());
      assertEquals(Refusal.CONFLICT, r.kind());
      assertEquals(
          "n4 is under 2 reboot request(s), held by key(s) alpha, beta: release them (maintctl"
              + " release) or cancel them (maintctl cancel-reboot) first",
          r.message());
    }
    assertEquals(2, d.stored().reboots().activeOf("n4").size());
  }

  @Test
  void aNodeInACampaignUnderWayIsRefusedUntilTheCampaignIsDoneWithItAndARequestCanBeCancelled() {
    tick(JobStatus.SUCCESS);
    String campaign = d.startCampaign("n3", "n4");
    for (String node : List.of("n3", "n4")) {
      Reply.Refused r =
          assertInstanceOf(Reply.Refused.class, ask(node, RebootMode.SOFT, null, true));
      assertEquals(Refusal.CONFLICT, r.kind());
      assertEquals(
          "node " + node + " is in campaign " + campaign + "; ask with force to reboot it anyway",
          r.message());
    }
    RebootRequest other =
        (RebootRequest)
            assertInstanceOf(Reply.Done.class, ask("n2", RebootMode.SOFT, "alpha", true)).value();
    d.command(new Command.CancelReboot("n2", other.id(), "ops"));
    RebootRequest cancelled = (RebootRequest) assertInstanceOf(Reply.Done.class, d.reply()).value();
    assertEquals(RequestStatus.FAILED, cancelled.status());
    assertEquals(RequestStatus.FAILED, request(0).status());
    assertEquals(List.of(), d.stored().reboots().activeOf("n2"));
  }

  @Test
  void aNodeHeldOffByAKeyCountsAgainstTheCapsOfAMachineTakenDownByForce() {
    n4HeldByAlpha();
    d.command(
        new Command.PostSchedule(
            StepDriver.schedule(d.now.plus(Duration.ofDays(7)), false, "n3"), "ops"));
    assertInstanceOf(Reply.Done.class, d.reply());

    d.command(new Command.MachinesDown(List.of("n3"), true, "ops"));
    Reply.Refused refused = assertInstanceOf(Reply.Refused.class, d.reply());
    assertTrue(refused.message().contains("n4"), refused.message());
  }

  @Test
  void anActiveIncidentHoldsOffRequestsForItsOwnNodeOnly() {
    tick(JobStatus.SUCCESS);
    d.tick(Map.of("n3", StepDriver.fault("live-repair")));
    assertInstanceOf(Reply.Refused.class, ask("n3", RebootMode.SOFT, null, true));
    assertInstanceOf(Reply.Done.class, ask("n4", RebootMode.SOFT, null, true));
    assertEquals(
        List.of("n4"), d.stored().reboots().requests().stream().map(RebootRequest::node).toList());
  }

  @Test
  void aCampaignThatWasAbortedNoLongerHoldsOffRequestsForItsNodes() {
    tick(JobStatus.SUCCESS);
    String campaign = d.startCampaign("n3", "n4");
    assertInstanceOf(Reply.Refused.class, ask("n4", RebootMode.SOFT, null, true));
    d.command(new Command.CampaignAction(campaign, "abort", "op"));
    for (int i = 0; i < 5 && d.stored().campaigns().get(0).status().isActive(); i++) {
      tick(JobStatus.SUCCESS);
    }
    assertEquals(
        org.maintd.campaign.CampaignStatus.ABORTED, d.stored().campaigns().get(0).status());
    assertInstanceOf(Reply.Done.class, ask("n4", RebootMode.SOFT, null, true));
  }

  @Test
  void aRequestIsLoggedOnceForEachStatusItTakes() {
    List<String> lines = new java.util.ArrayList<>();
    Runnable collect =
        () ->
            d.last.log().stream()
                .map(LogLine::text)
                .filter(t -> t.startsWith("[reboot="))
                .forEach(lines::add);
    tick(JobStatus.SUCCESS);
    ask("n4", RebootMode.SOFT, "alpha", false);
    collect.run();
    tick(JobStatus.SUCCESS);
    collect.run();
    submitted();
    boots.put("n4", "");
    tick(JobStatus.SUCCESS);
    collect.run();
    tick(JobStatus.SUCCESS);
    collect.run();
    d.command(new Command.ReleaseReboot("n4", "alpha", "ops"));
    collect.run();
    tick(JobStatus.SUCCESS);
    collect.run();
    submitted();
    boots.put("n4", "b4-2");
    tick(JobStatus.SUCCESS);
    collect.run();
    RebootRequest done = request(0);
    assertEquals(RequestStatus.DONE, done.status());
    List<RequestEvent> arrivals = new java.util.ArrayList<>();
    for (RequestEvent e : done.history()) {
      if (arrivals.isEmpty() || !arrivals.get(arrivals.size() - 1).status().equals(e.status())) {
        arrivals.add(e);
      }
    }
    assertEquals(
        List.of("pending", "powering-off", "held", "powering-on", "done"),
        arrivals.stream().map(RequestEvent::status).toList());
    assertEquals(
        arrivals.stream()
            .map(e -> "[reboot=" + done.id() + "] [node=n4] " + e.status() + ": " + e.detail())
            .toList(),
        lines,
        "each status once, with what the history says of coming to it");
  }

  @Test
  void cancellingByAnIdThatIsNotAnActiveRequestOfTheNodeIsRefusedAndCancelsNothing() {
    tick(JobStatus.SUCCESS);
    RebootRequest onN4 =
        (RebootRequest)
            assertInstanceOf(Reply.Done.class, ask("n4", RebootMode.SOFT, "alpha", false)).value();
    RebootRequest onN3 =
        (RebootRequest)
            assertInstanceOf(Reply.Done.class, ask("n3", RebootMode.SOFT, "beta", false)).value();
    for (List<String> nodeAndId :
        List.of(
            List.of("n4", onN3.id()), List.of("n3", onN4.id()), List.of("n4", "no-such-request"))) {
      d.command(new Command.CancelReboot(nodeAndId.get(0), nodeAndId.get(1), "ops"));
      Reply.Refused r = assertInstanceOf(Reply.Refused.class, d.reply(), nodeAndId.toString());
      assertEquals(Refusal.NOT_FOUND, r.kind());
    }
    assertEquals(
        List.of(RequestStatus.PENDING, RequestStatus.PENDING),
        d.stored().reboots().requests().stream().map(RebootRequest::status).toList());
  }

  @Test
  void aNodesLastPowerOnIsKeptWhileAnotherNodeReboots() {
    n4HeldByAlpha();
    d.command(new Command.ReleaseReboot("n4", "alpha", "ops"));
    tick(JobStatus.SUCCESS);
    assertEquals(List.of(new Operation.PowerNode("n4", true, true)), submitted());
    boots.put("n4", "b4-2");
    tick(JobStatus.SUCCESS);
    java.time.Instant poweredOn =
        d.stored().reboots().find("n4").orElseThrow().lastPoweredOn().orElseThrow();

    ask("n3", RebootMode.SOFT, null, false);
    tick(JobStatus.SUCCESS);
    assertEquals(List.of(new Operation.RebootNode("n3", false)), submitted());
    assertEquals(
        Optional.of(poweredOn), d.stored().reboots().find("n4").orElseThrow().lastPoweredOn());
  }

  @Test
  void aNodeWhoseOnlyRequestIsCancelledWhileItPowersOffIsPoweredBackOn() {
    tick(JobStatus.SUCCESS);
    RebootRequest alpha =
        (RebootRequest)
            assertInstanceOf(Reply.Done.class, ask("n4", RebootMode.SOFT, "alpha", false)).value();
    tick(JobStatus.SUCCESS);
    assertEquals(List.of(new Operation.PowerNode("n4", false, false)), submitted());
    assertEquals(CyclePhase.OFF, d.stored().reboots().find("n4").orElseThrow().phase());
    d.command(new Command.CancelReboot("n4", alpha.id(), "ops"));
    assertInstanceOf(Reply.Done.class, d.reply());
    boots.put("n4", "");

    List<Operation> ops = new java.util.ArrayList<>();
    for (int i = 0; i < 4 && ops.isEmpty(); i++) {
      tick(JobStatus.SUCCESS);
      ops.addAll(submitted());
    }
    assertEquals(List.of(new Operation.PowerNode("n4", true, true)), ops);
  }
}
