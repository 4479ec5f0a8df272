package org.maintd.wait;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.maintd.guard.PlannedWorkGuard;

/**
 * The kinds of the reasons are listed once ({@link WaitKind}) and derived from there: every reason
 * type is in the table below, each names a kind of its own family, and every kind has a reason.
 */
class WaitKindTest {
  private static final Instant T = Instant.parse("2026-11-27T12:00:00Z");

  /** One reason of every type. */
  static Stream<WaitReason> everyReason() {
    return Stream.of(
        new RoundHold.JobsRunning(List.of("12"), 6),
        new RoundHold.Paused("by admin"),
        new RoundHold.RoundDelay(42),
        new RoundHold.NotPlanned(),
        new PlannedWorkHold.OutsideAllowedHours(
            "mo-fr 22:00-06:00 Europe/Berlin", ZonedDateTime.parse("2026-11-27T22:00+01:00")),
        new PlannedWorkHold.AlertsActive(List.of("NodeDown")),
        new PlannedWorkHold.AlertsUnknown("connection refused"),
        new CapacityWait.CapReached("group g1", List.of("n2"), 1, "1"),
        new CapacityWait.NoRoom("n2", CapacityWait.NoRoom.Resource.DISK, 10, 20),
        new CapacityWait.NoTarget("node in the group has room"),
        new CapacityWait.TargetRefused("n4", "is drained"),
        new OtherWorkFirst.Busy("node n3", false),
        new OtherWorkFirst.IncidentFirst(new UUID(0, 1), "evacuate"),
        new OtherWorkFirst.NodeHasIncident("n2"),
        new OtherWorkFirst.CampaignUnderWay("c1"),
        new OtherWorkFirst.CampaignFirst("c1"),
        new NotReady.NodeMissing("n9"),
        new NotReady.NoMasterCandidate("n1"),
        new NotReady.InstanceNotSettled("ERROR_down"),
        new NotReady.NotOk("n2", ""),
        new ScheduleWait.Declined("web", "", T, "until its window starts"),
        new ScheduleWait.ConsentPending(List.of("web")),
        new ScheduleWait.WindowNotStarted(T, "DRAIN: drained; goes DOWN"));
  }

  @ParameterizedTest
  @MethodSource("everyReason")
  void everyReasonNamesAListedKindOfItsOwnFamily(WaitReason why) {
    assertTrue(why.waitKind().family().isInstance(why), why + " is not a " + why.waitKind());
    assertEquals(why.waitKind().wireName(), why.kind());
    assertTrue(WaitReason.KINDS.contains(why.kind()), why.kind());
  }

  @Test
  void theTableHoldsEveryTypeOfReason() {
    Set<Class<?>> inTable = everyReason().map(Object::getClass).collect(Collectors.toSet());
    assertEquals(recordsOf(WaitReason.class), inTable);
  }

  @Test
  void everyKindIsTheKindOfSomeReason() {
    Set<WaitKind> named = everyReason().map(WaitReason::waitKind).collect(Collectors.toSet());
    assertEquals(Set.of(WaitKind.values()), named);
  }

  /** The labels of the waits metrics, in the order they are registered. */
  @Test
  void theListsOfKindsAreTheMetricsLabelsInTheirOrder() {
    assertEquals(
        List.of(
            "jobs-running",
            "paused",
            "round-delay",
            "not-planned",
            "cap",
            "no-room",
            "target",
            "busy",
            "node-missing",
            "master",
            "incident",
            "campaign",
            "instance",
            "declined",
            "consent",
            "window",
            "not-ok",
            "allowed-hours",
            "alert",
            "alert-unknown"),
        WaitReason.KINDS);
    assertEquals(List.of("allowed-hours", "alert", "alert-unknown"), PlannedWorkGuard.KINDS);
  }

  /** The records under {@code type}, through its sealed families. */
  private static Set<Class<?>> recordsOf(Class<?> type) {
    if (type.isRecord()) {
      return Set.of(type);
    }
    List<Class<?>> out = new ArrayList<>();
    for (Class<?> sub : type.getPermittedSubclasses()) {
      out.addAll(recordsOf(sub));
    }
    return Set.copyOf(out);
  }
}
