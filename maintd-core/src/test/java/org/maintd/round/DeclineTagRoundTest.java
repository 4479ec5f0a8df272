package org.maintd.round;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.maintd.round.StepDriver.allOk;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.job.Operation;
import org.maintd.maintenance.Consents;

/**
 * An instance on a draining node declines its move by a tag that starts with {@link
 * Consents#DECLINE_TAG} (the rest is its reason), and only by such a tag: the decline is logged
 * once, when first seen, and holds the instance where it is.
 */
class DeclineTagRoundTest {
  private final StepDriver d = new StepDriver();
  private final Instant start = StepDriver.T0.plus(Duration.ofHours(3));

  private List<String> consentLines() {
    return d.last.log().stream().map(LogLine::text).filter(t -> t.contains(" consent ")).toList();
  }

  @ParameterizedTest(name = "tags [{0}]: moves {1}, logged [{2}]")
  @CsvSource(
      delimiter = '|',
      value = {
        "                                       | true  | ",
        "env:prod                               | true  | ",
        "maintd:consent:declin                  | true  | ",
        "maintd:consent:decline:nightly backup  | false | [node=n2] [instance=i1] consent DECLINE (tag: nightly backup)",
        "maintd:consent:decline:                | false | [node=n2] [instance=i1] consent DECLINE (tag)",
      })
  void onlyADeclineTagHoldsAnInstanceOnItsDrainingNodeAndItIsLoggedOnce(
      String tag, boolean moves, String logged) {
    d.cluster =
        d.cluster.withInstance("i1", i -> i.withTags(tag == null ? List.of() : List.of(tag)));
    d.tick(allOk());
    d.command(new Command.PostSchedule(StepDriver.schedule(start, true, "n2"), "ops"));
    d.now = start.minus(Duration.ofHours(1));
    d.tick(allOk());
    d.carryOut();
    StepDriver.applyJobs(d);
    List<String> lines = new ArrayList<>();
    List<Operation> ops = new ArrayList<>();
    for (int tick = 0; tick < 3; tick++) {
      d.tick(allOk(), d.jobsAll(org.maintd.job.JobStatus.SUCCESS));
      lines.addAll(consentLines());
      StepDriver.submits(d.last).forEach(j -> ops.addAll(j.operations()));
      d.carryOut();
    }

    assertEquals(logged == null ? List.of() : List.of(logged), lines);
    assertEquals(
        moves, ops.stream().anyMatch(op -> op instanceof Operation.Migrate), ops.toString());
  }
}
