package org.maintd.jobtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Instance;
import org.maintd.job.Operation;

/** The size an operation's time grows with: memory for a migration, disks for a copy, else none. */
class OperationSizeTest {
  private static final Cluster CLUSTER = App1.CLUSTER;

  private static final Instance APP1 = CLUSTER.instance("app1").orElseThrow();

  @ParameterizedTest
  @CsvSource({
    "migrate, 2048",
    "move, 1024",
    "replace-secondary, 1024",
    "recreate-disks, 1024",
    "failover, 0",
    "startup, 0",
    "drain, 0"
  })
  void eachKindGrowsWithWhatItCopies(String kind, long mib) {
    assertEquals(mib, OperationSize.of(kind, APP1));
  }

  @Test
  void anOperationIsSizedByItsInstanceInTheCluster() {
    assertEquals(2048, OperationSize.of(new Operation.Migrate("app1", "n1", "n2"), CLUSTER));
    assertEquals(
        1024, OperationSize.of(new Operation.ReplaceSecondary("app1", "n1", "n2", "n3"), CLUSTER));
    assertEquals(0, OperationSize.of(new Operation.Migrate("gone", "n1", "n2"), CLUSTER));
    assertEquals(0, OperationSize.of(Operation.SetNodeFlags.drain("n1"), CLUSTER));
  }

  @Test
  void onlyAMoveAndANewSecondaryCopyDisksByTheSettings() {
    assertEquals(1024, OperationSize.copiedDisk(new Operation.Move("app1", "n1", "n3"), CLUSTER));
    assertEquals(
        1024,
        OperationSize.copiedDisk(
            new Operation.ReplaceSecondary("app1", "n1", "n2", "n3"), CLUSTER));
    assertEquals(0, OperationSize.copiedDisk(new Operation.Migrate("app1", "n1", "n2"), CLUSTER));
  }
}
