package org.maintd.jobtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.maintd.cluster.Cluster;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;

/**
 * How long operations take: the history's kinds as it teaches them, the latest {@link
 * OperationTimes#RECENT} of a kind only, the settings for the others; a job the sum of its
 * operations.
 */
class OperationTimesTest {
  private static final Instant T0 = Instant.parse("2027-03-01T10:00:00Z");
  private static final Duration SECOND = Duration.ofSeconds(1);
  private static final Duration HALF = Duration.ofMillis(500);

  private static final Cluster CLUSTER = App1.CLUSTER;

  private static final Operation MIGRATE = new Operation.Migrate("app1", "n1", "n2");
  private static final Operation REPLACE = new Operation.ReplaceSecondary("app1", "n1", "n2", "n3");
  private static final Operation DRAIN = Operation.SetNodeFlags.drain("n1");

  private static PastOperation past(String kind, long mib, int at, long ms) {
    return new PastOperation(kind, mib, T0.plusSeconds(at), Duration.ofMillis(ms));
  }

  @Test
  void withoutHistoryEveryKindTakesTheSettingsAndANewSecondaryItsDiskCopied() {
    OperationTimes times = OperationTimes.assumed(SECOND, HALF);
    assertEquals(SECOND, times.of(MIGRATE, CLUSTER));
    assertEquals(SECOND, times.of(DRAIN, CLUSTER));
    assertEquals(Duration.ofMillis(1500), times.of(REPLACE, CLUSTER));
    assertEquals(
        "1 s per operation, plus 0.5 s per GiB a move or a new secondary copies"
            + " (sim.operationTime, sim.timePerGiB) for every kind: no operation in the"
            + " cluster's job history",
        times.says());
  }

  @Test
  void aKindInTheHistoryTakesWhatItTeachesByTheInstancesSize() {
    OperationTimes times =
        OperationTimes.learned(
            List.of(
                past("migrate", 1024, 1, 3000),
                past("migrate", 2048, 2, 5000),
                past("migrate", 4096, 3, 9000),
                past("drain", 0, 4, 700)),
            SECOND,
            HALF);
    assertEquals(Duration.ofMillis(5000), times.of(MIGRATE, CLUSTER));
    assertEquals(Duration.ofMillis(700), times.of(DRAIN, CLUSTER));
    assertEquals(Duration.ofMillis(1500), times.of(REPLACE, CLUSTER));
    assertEquals(java.util.Set.of("drain", "migrate"), times.learned().keySet());
    assertEquals(
        "from the cluster's job history: drain 0.7 s (median of 1 job); migrate 1 s plus 2 s"
            + " per GiB (fitted to 3 jobs); every other kind 1 s per operation, plus 0.5 s per GiB"
            + " a move or a new secondary copies (sim.operationTime, sim.timePerGiB)",
        times.says());
  }

  @Test
  void aJobTakesTheSumOfItsOperations() {
    OperationTimes times = OperationTimes.learned(List.of(past("drain", 0, 1, 700)), SECOND, HALF);
    JobSpec job =
        new JobSpec(
            "k",
            "owner",
            List.of(DRAIN, MIGRATE, REPLACE),
            new ReasonTrail(ReasonTrail.SOURCE, "drain [k]", 0));
    assertEquals(Duration.ofMillis(700 + 1000 + 1500), times.of(job, CLUSTER));
  }

  @Test
  void onlyAKindsLatestOperationsAreLearnedFrom() {
    List<PastOperation> history = new ArrayList<>();
    for (int i = 0; i < OperationTimes.RECENT; i++) {
      history.add(past("drain", 0, i, 60_000));
      history.add(past("drain", 0, 100 + i, 2000));
    }
    OperationTimes times = OperationTimes.learned(history, SECOND, HALF);
    assertEquals(Duration.ofSeconds(2), times.of(DRAIN, CLUSTER));
    assertEquals(OperationTimes.RECENT, times.learned().get("drain").samples());
  }

  @Test
  void fewerThanRecentAreAllLearnedFrom() {
    OperationTimes times =
        OperationTimes.learned(
            List.of(past("drain", 0, 1, 1000), past("drain", 0, 2, 2000)), SECOND, HALF);
    assertEquals(2, times.learned().get("drain").samples());
  }
}
