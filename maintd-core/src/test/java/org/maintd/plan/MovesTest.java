package org.maintd.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.Instance;
import org.maintd.cluster.InstanceStatus;
import org.maintd.job.Operation;

/** The one choice of how an instance leaves a node, and what the receiving node needs. */
class MovesTest {
  /** An instance of 2048 MiB memory, 5000 MiB disk and 3 vcpus on a (secondary b, if DRBD). */
  private static Instance instance(DiskTemplate template, InstanceStatus status) {
    String secondary = template == DiskTemplate.DRBD ? "b" : "";
    return new Instance(
        "i", "", 2048, 5000, 3, status, true, "a", secondary, template, List.of(), 1, "-", false);
  }

  private static Operation operation(String kind, String from, String to) {
    return switch (kind) {
      case "move" -> new Operation.Move("i", from, to);
      case "migrate" -> new Operation.Migrate("i", from, to);
      case "failover" -> new Operation.Failover("i", from, to);
      default -> throw new IllegalArgumentException(kind);
    };
  }

  @ParameterizedTest(name = "{0} {1}, failover asked {2}: {3}")
  @CsvSource({
    "PLAIN,      running,    false, move",
    "PLAIN,      running,    true,  move",
    "PLAIN,      ADMIN_down, false, move",
    "FILE,       ADMIN_down, true,  move",
    "DRBD,       running,    false, migrate",
    "DRBD,       running,    true,  failover",
    "DRBD,       ADMIN_down, false, failover",
    "DRBD,       ERROR_up,   false, migrate",
    "DRBD,       USER_down,  false, failover",
    "SHAREDFILE, running,    false, migrate",
    "SHAREDFILE, running,    true,  failover",
    "RBD,        ADMIN_down, false, failover",
    "RBD,        ADMIN_down, true,  failover",
  })
  void aPrimaryIsCopiedMigratedOrFailedOver(
      DiskTemplate template, InstanceStatus status, boolean failover, String kind) {
    assertEquals(
        operation(kind, "a", "c"), Moves.primary(instance(template, status), "a", "c", failover));
  }

  @ParameterizedTest(name = "{0} {1}, failover asked {2}: {3}")
  @CsvSource({
    "DRBD,       running,    false, migrate",
    "DRBD,       running,    true,  failover",
    "DRBD,       ADMIN_down, false, failover",
    "PLAIN,      running,    false, migrate",
    "PLAIN,      ADMIN_down, false, failover",
    "SHAREDFILE, running,    true,  failover",
  })
  void aTakeOverNeverCopies(
      DiskTemplate template, InstanceStatus status, boolean failover, String kind) {
    assertEquals(
        operation(kind, "x", "y"), Moves.takeOver(instance(template, status), "x", "y", failover));
  }

  @ParameterizedTest(name = "{0} {1}: {2} MiB memory, {3} MiB disk, {4} vcpus")
  @CsvSource({
    "PLAIN,      running,    2048, 5000, 3",
    "PLAIN,      ADMIN_down, 0,    5000, 3",
    "FILE,       running,    2048, 5000, 3",
    "DRBD,       running,    2048, 0,    3",
    "DRBD,       ADMIN_down, 0,    0,    3",
    "SHAREDFILE, running,    2048, 0,    3",
    "RBD,        USER_down,  0,    0,    3",
    "RBD,        ERROR_up,   2048, 0,    3",
  })
  void aNewPrimaryNeedsMemoryWhenRunningAndDiskWhenCopied(
      DiskTemplate template, InstanceStatus status, long memory, long disk, long vcpus) {
    assertEquals(
        new Capacity.Need(memory, disk, vcpus), Moves.primaryNeed(instance(template, status)));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"running", "ADMIN_down"})
  void aNewSecondaryIsAReplacementThatNeedsTheDisk(InstanceStatus status) {
    Instance i = instance(DiskTemplate.DRBD, status);
    assertEquals(new Operation.ReplaceSecondary("i", "a", "b", "c"), Moves.secondary(i, "b", "c"));
    assertEquals(new Capacity.Need(0, 5000, 0), Moves.secondaryNeed(i));
  }
}
