package org.maintd.wait;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.ZonedDateTime;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.maintd.wait.CapacityWait.NoRoom.Resource;

/** Every reason renders its own text and names a kind the metrics list. */
class WaitReasonTest {
  static Stream<Arguments> reasons() {
    return Stream.of(
        Arguments.of(
            new RoundHold.JobsRunning(List.of("12", "13"), 6),
            "jobs-running",
            "waiting for jobs 12, 13 of round 6"),
        Arguments.of(new RoundHold.Paused("by admin"), "paused", "paused: by admin"),
        Arguments.of(
            new RoundHold.RoundDelay(42), "round-delay", "waiting for the round delay (42 s left)"),
        Arguments.of(
            new RoundHold.NotPlanned(),
            "not-planned",
            "no round planned yet: the daemon has not completed a poll"),
        Arguments.of(
            new CapacityWait.CapReached("group g1", List.of("n2", "n3"), 2, "2"),
            "cap",
            "cap: group g1 already has 2 node(s) out of service (n2, n3), maxUnavailable allows 2 (2)"),
        Arguments.of(
            new CapacityWait.NoRoom("n2", Resource.MEMORY, 100, 512),
            "no-room",
            "n2 has 100 MiB free memory, 512 needed"),
        Arguments.of(
            new CapacityWait.NoRoom("n2", Resource.DISK, 10, 20),
            "no-room",
            "n2 has 10 MiB free disk, 20 needed"),
        Arguments.of(
            new CapacityWait.NoRoom("n2", Resource.VCPUS, 1, 4),
            "no-room",
            "n2 has room for 1 more vcpus, 4 needed"),
        Arguments.of(
            new CapacityWait.NoTarget("node in the group has room"),
            "no-room",
            "no node in the group has room"),
        Arguments.of(new CapacityWait.TargetRefused("n4", "is drained"), "target", "n4 is drained"),
        Arguments.of(
            new OtherWorkFirst.Busy("node n3", false),
            "busy",
            "node n3 is busy with another job this round"),
        Arguments.of(
            new OtherWorkFirst.Busy("its nodes", true),
            "busy",
            "its nodes are busy with another job this round"),
        Arguments.of(
            new NotReady.NodeMissing("n9"), "node-missing", "node n9 is not in the cluster"),
        Arguments.of(
            new NotReady.NoMasterCandidate("n1"),
            "master",
            "node n1 is the master and no online master candidate can take the role"),
        Arguments.of(
            new OtherWorkFirst.IncidentFirst(new UUID(0, 1), "evacuate"),
            "incident",
            "00000000-0000-0000-0000-000000000001 (evacuate) is handled first on this node"),
        Arguments.of(
            new OtherWorkFirst.NodeHasIncident("n2"),
            "incident",
            "node n2 has an active incident, which handles its instances"),
        Arguments.of(
            new OtherWorkFirst.CampaignUnderWay("c1"), "campaign", "campaign c1 is under way"),
        Arguments.of(
            new NotReady.InstanceNotSettled("ERROR_down"),
            "instance",
            "the instance is ERROR_down; its result is written once it runs as its admin state wants"),
        Arguments.of(
            new PlannedWorkHold.OutsideAllowedHours(
                "mo-fr 22:00-06:00 Europe/Berlin", ZonedDateTime.parse("2026-11-27T22:00+01:00")),
            "allowed-hours",
            "outside the allowed hours (mo-fr 22:00-06:00 Europe/Berlin): waits until"
                + " 2026-11-27T22:00+01:00"),
        Arguments.of(
            new PlannedWorkHold.AlertsActive(List.of("DiskFull (pending)", "NodeDown")),
            "alert",
            "2 alert(s) active: DiskFull (pending), NodeDown"),
        Arguments.of(
            new PlannedWorkHold.AlertsUnknown(
                "Prometheus at http://127.0.0.1:9090 did not answer: Connection refused"),
            "alert-unknown",
            "the alerts cannot be read: Prometheus at http://127.0.0.1:9090 did not answer:"
                + " Connection refused"));
  }

  @ParameterizedTest
  @MethodSource("reasons")
  void eachReasonSaysWhyAndNamesAKindTheMetricsList(WaitReason why, String kind, String text) {
    assertEquals(kind, why.kind());
    assertEquals(text, why.text());
    assertTrue(WaitReason.KINDS.contains(why.kind()), why.kind());
  }
}
