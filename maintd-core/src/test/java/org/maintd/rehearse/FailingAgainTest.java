package org.maintd.rehearse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;

/** A rehearsal goes round in circles once its last three finished jobs failed alike. */
class FailingAgainTest {
  private static final Instant T0 = Instant.parse("2027-03-01T10:00:00Z");

  /**
   * Jobs written {@code instance:status:message}, each moving the instance from n1 to n2, ending a
   * second apart.
   */
  private static List<PlayedJob> jobs(String spec) {
    List<PlayedJob> jobs = new ArrayList<>();
    if (spec.isEmpty()) {
      return jobs;
    }
    for (String j : spec.split(" ")) {
      String[] f = j.split(":");
      int n = jobs.size();
      jobs.add(
          new PlayedJob(
              String.valueOf(n + 1),
              n + 1,
              new JobSpec(
                  "k" + n,
                  "machine:n1",
                  List.of(new Operation.Move(f[0], "n1", "n2")),
                  new ReasonTrail(ReasonTrail.SOURCE, "move [k" + n + "]", 0)),
              T0.plusSeconds(n),
              T0.plusSeconds(n + 1),
              f[1],
              f[2].replace('_', ' ')));
    }
    return jobs;
  }

  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "'' | false",
        "a:error:refused a:error:refused | false",
        "a:error:refused a:error:refused a:error:refused | true",
        "a:success:_ a:error:refused a:error:refused a:error:refused | true",
        "a:error:refused a:error:refused a:error:refused a:success:_ | false",
        "a:error:refused a:success:_ a:error:refused a:error:refused | false",
        "a:error:refused a:error:refused a:error:other | false",
        "a:error:refused b:error:refused a:error:refused | false",
        "a:canceled:refused a:canceled:refused a:canceled:refused | false",
      })
  void threeLikeFailuresInARowAndNothingElseGoRoundInCircles(String spec, boolean circling) {
    assertEquals(circling, FailingAgain.among(jobs(spec)).isPresent(), spec);
  }

  @org.junit.jupiter.api.Test
  void itSaysTheFailure() {
    assertEquals(
        Optional.of(
            "nothing more can happen: the same job fails each time the daemon submits it (3 times"
                + " in a row): move of a cannot be done"),
        FailingAgain.among(
            jobs(
                "a:error:move_of_a_cannot_be_done a:error:move_of_a_cannot_be_done"
                    + " a:error:move_of_a_cannot_be_done")));
  }
}
