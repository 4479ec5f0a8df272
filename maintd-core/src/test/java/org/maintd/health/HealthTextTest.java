package org.maintd.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.Instance;
import org.maintd.cluster.InstanceStatus;
import org.maintd.testing.ClusterBuilder;

/**
 * An instance's health in words, each record and status, times to the second; the records' expiry
 * of shutdowns and disk activations; the duties' reasons; the metric's counts.
 */
class HealthTextTest {
  private static final Instant T = Instant.parse("2027-03-01T10:00:00.750Z");

  private static Instance instance(InstanceStatus status) {
    return new ClusterBuilder()
        .node("n1", "g", 8192, 100000, true)
        .node("n2", "g", 8192, 100000, false)
        .instance("i1", "n1", "n2", DiskTemplate.DRBD, 1024, status)
        .build()
        .instance("i1")
        .orElseThrow();
  }

  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource({
    "running,ok",
    "ADMIN_down,ok",
    "ERROR_down,'down, not restarted yet'",
    "USER_down,shut down from inside",
    "ERROR_nodedown,its node is down",
    "ERROR_nodeoffline,its node is down",
    "ERROR_up,ERROR_up",
    "ERROR_wrongnode,ERROR_wrongnode"
  })
  void withoutARecordTheStatusSpeaks(InstanceStatus status, String text) {
    assertEquals(text, HealthText.of(instance(status), HealthRecord.EMPTY, 5));
  }

  @Test
  void recordsSpeakBeforeTheStatusTimesToTheSecond() {
    Instance down = instance(InstanceStatus.ERROR_down);
    HealthRecord two = HealthRecord.EMPTY.withRestarts(new Tries(2, T));
    assertEquals("restarting (2 of 7)", HealthText.of(down, two, 7));
    assertEquals("gave up at 2027-03-01T10:00:00Z", HealthText.of(down, two.givenUp(T), 7));
    HealthRecord disks = HealthRecord.EMPTY.disksActivated(T);
    assertEquals(
        "disks activated 2027-03-01T10:00:00Z",
        HealthText.of(instance(InstanceStatus.running), disks, 5));
    assertEquals(
        "cleaning up (1 of 5)",
        HealthText.of(
            instance(InstanceStatus.USER_down),
            HealthRecord.EMPTY.withCleanups(new Tries(1, T)),
            5));
  }

  @Test
  void shutdownsAndDiskActivationsExpireLikeStarts() {
    HealthRecord r =
        new HealthRecord(new Tries(1, T), new Tries(1, T), Optional.empty(), Optional.of(T));
    Duration eight = Duration.ofHours(8);
    assertEquals(r, r.expired(T.plus(eight), eight));
    assertEquals(HealthRecord.EMPTY, r.expired(T.plus(eight).plusMillis(1), eight));
    assertEquals(Tries.NONE, r.withCleanups(Tries.NONE).cleanups());
  }

  @Test
  void dutiesSayWhyInTheReasonTrail() {
    assertEquals(
        "Cleaning up instance i1 (shut down by the user)",
        new Duty.Shutdown("i1", "n1", 1).reason());
    assertEquals(
        "Activating disks for instance i1: its secondary node n2 rebooted",
        new Duty.ActivateDisks("i1", "n1", "n2", "its secondary node n2 rebooted").reason());
    assertEquals(java.util.List.of("n1"), new Duty.ActivateDisks("i1", "n1", "", "x").nodes());
  }

  @Test
  void theMetricCountsEachState() {
    HealthRecord restarting = HealthRecord.EMPTY.withRestarts(new Tries(2, T));
    InstanceHealth h =
        new InstanceHealth(
            Map.of(
                "a", restarting,
                "b", restarting.givenUp(T),
                "c", HealthRecord.EMPTY.withCleanups(new Tries(1, T)).disksActivated(T)),
            Map.of(),
            Map.of());
    assertEquals(1, h.count("restarting"));
    assertEquals(1, h.count("gave_up"));
    assertEquals(1, h.count("cleaning_up"));
    assertEquals(1, h.count("disks_activated"));
    assertThrows(IllegalArgumentException.class, () -> h.count("sleeping"));
    assertEquals(HealthRecord.EMPTY, h.of("nobody"));
  }
}
