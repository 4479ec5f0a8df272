package org.maintd.daemon.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.job.Operation;
import org.maintd.protocol.api.RehearsalView;

/**
 * A rehearsal's timeline as the page draws it: a bar's place and width in percent of the
 * rehearsal's span at and around its edges, its rows' words, no row for a rehearsal that did
 * nothing, and at most {@value RehearsalTimeline#ROWS} jobs and waits with the rest counted. Costs
 * milliseconds.
 */
class RehearsalTimelineTest {
  /** The rehearsal's start, seconds since the epoch. */
  private static final double T0 = 1_795_384_537.0;

  @ParameterizedTest(name = "{0} s to {1} s of {2} s: from {3}%, {4}% wide")
  @CsvSource({
    "30, 60, 120, 25.0, 25.0",
    "0, 120, 120, 0.0, 100.0",
    "0, 0, 120, 0.0, 0.5",
    "120, 120, 120, 99.5, 0.5",
    "119.9, 120, 120, 99.5, 0.5",
    "0, 1, 600, 0.0, 0.5",
    "0, 3, 600, 0.0, 0.5",
    "0, 6, 600, 0.0, 1.0",
    "-10, 30, 120, 0.0, 25.0",
    "90, 130, 120, 75.0, 25.0",
    "40, 80, 120, 33.33, 33.34",
    "0, 0, 0, 0.0, 0.5",
  })
  void aJobsBarRunsFromItsSubmissionToItsEndInPercentOfTheRehearsal(
      double submitted, double ended, double span, double left, double width) {
    RehearsalTimeline.Bar bar = onlyBar(job("31", submitted, ended), span);
    assertEquals(left, bar.left(), 1e-9, "left");
    assertEquals(width, bar.width(), 1e-9, "width");
  }

  @Test
  void aJobsRowSaysItsRoundItsOperationsItsTimesFromTheStartAndHowItEnded() {
    RehearsalView.Job migrate =
        new RehearsalView.Job(
            "31",
            "success",
            "",
            T0 + 30,
            T0 + 60,
            List.of(new Operation.Migrate("inst03", "node5", "node7")),
            "machine node5 DRAIN: move inst03");
    RehearsalView.Job drain =
        new RehearsalView.Job(
            "30",
            "error",
            "node5 is the master",
            T0,
            T0 + 1.25,
            List.of(Operation.SetNodeFlags.drain("node5")),
            "up");
    RehearsalTimeline t =
        RehearsalTimeline.of(T0, T0 + 120, List.of(round(0, drain), round(8, migrate)), List.of());
    assertEquals(
        List.of(
            new RehearsalTimeline.Bar(
                "rehearsed-job-30",
                "a command's job 30: drain node5",
                "0.0 s to 1.3 s, error: node5 is the master",
                "up",
                0.0,
                1.04),
            new RehearsalTimeline.Bar(
                "rehearsed-job-31",
                "round 8, job 31: migrate inst03 on node5, node7",
                "30.0 s to 60.0 s, success",
                "machine node5 DRAIN: move inst03",
                25.0,
                25.0)),
        t.jobs());
    assertEquals(
        List.of("0.0 s", "24.0 s", "48.0 s", "72.0 s", "96.0 s", "120 s"),
        t.ticks().stream().map(Timeline.Tick::label).toList());
    assertEquals(
        List.of(0.0, 20.0, 40.0, 60.0, 80.0, 100.0),
        t.ticks().stream().map(Timeline.Tick::at).toList());
  }

  @Test
  void aJobsRowNamesItsFirstThreeOperationsAndCountsTheRest() {
    List<Operation> moves = new ArrayList<>();
    for (int i = 1; i <= 5; i++) {
      moves.add(new Operation.Failover("inst" + i, "node2", "node5"));
    }
    RehearsalView.Job failovers =
        new RehearsalView.Job("3", "success", "", T0, T0 + 7, moves, "machine node2 DRAIN");
    assertEquals(
        "failover inst1 on node2, node5; failover inst2 on node2, node5;"
            + " failover inst3 on node2, node5; and 2 more operations",
        RehearsalTimeline.ops(failovers));
    assertEquals(
        "failover inst1 on node2, node5",
        RehearsalTimeline.ops(
            new RehearsalView.Job("4", "success", "", T0, T0, moves.subList(0, 1), "")));
  }

  @Test
  void aWaitsRowSaysItsKindWhatWaitedWhyAndWhetherItStillWaitedAtTheEnd() {
    RehearsalTimeline t =
        RehearsalTimeline.of(
            T0,
            T0 + 120,
            List.of(),
            List.of(
                new RehearsalView.Wait(
                    "reboot node6", "cap", "maxUnavailable allows 1", T0, T0 + 60, 60, false),
                new RehearsalView.Wait(
                    "node8", "no-room", "no node takes inst9", T0 + 90, T0 + 120, 30, true)));
    assertEquals(
        List.of(
            new RehearsalTimeline.Bar(
                "rehearsed-wait-1",
                "cap: reboot node6",
                "0.0 s to 60.0 s, waited 60.0 s",
                "maxUnavailable allows 1",
                0.0,
                50.0),
            new RehearsalTimeline.Bar(
                "rehearsed-wait-2",
                "no-room: node8",
                "90.0 s to 120 s, still waiting at the end",
                "no node takes inst9",
                75.0,
                25.0)),
        t.waits());
  }

  @Test
  void aRehearsalThatDidNothingHasNoRow() {
    RehearsalTimeline t = RehearsalTimeline.of(T0, T0, List.of(), List.of());
    assertEquals(List.of(), t.jobs());
    assertEquals(List.of(), t.waits());
    assertEquals(0, t.moreJobs());
    assertEquals(0, t.moreWaits());
  }

  @ParameterizedTest(name = "{0} jobs and {1} waits: {2} and {3} drawn")
  @CsvSource({
    "0, 0, 0, 0",
    "49, 1, 49, 1",
    "50, 50, 50, 50",
    "51, 51, 50, 50",
    "200, 60, 50, 50",
  })
  void atMostFiftyJobsAndFiftyWaitsAreDrawnAndTheRestCounted(
      int jobs, int waits, int drawnJobs, int drawnWaits) {
    List<RehearsalView.Job> inRound1 = new ArrayList<>();
    List<RehearsalView.Job> inRound2 = new ArrayList<>();
    for (int i = 1; i <= jobs; i++) {
      (i <= jobs / 2 ? inRound1 : inRound2).add(job(Integer.toString(i), i, i + 1));
    }
    List<RehearsalView.Wait> waited = new ArrayList<>();
    for (int i = 1; i <= waits; i++) {
      waited.add(new RehearsalView.Wait("n" + i, "cap", "held", T0, T0 + i, i, false));
    }
    RehearsalTimeline t =
        RehearsalTimeline.of(
            T0,
            T0 + 300,
            List.of(
                new RehearsalView.Round(1, T0, T0, inRound1),
                new RehearsalView.Round(2, T0, T0, inRound2)),
            waited);
    assertEquals(drawnJobs, t.jobs().size());
    assertEquals(jobs - drawnJobs, t.moreJobs());
    assertEquals(drawnWaits, t.waits().size());
    assertEquals(waits - drawnWaits, t.moreWaits());
    for (int i = 0; i < drawnJobs; i++) {
      assertEquals("rehearsed-job-" + (i + 1), t.jobs().get(i).id(), "the first ones, in order");
    }
  }

  /** The bar of {@code job}, the only one of a rehearsal {@code span} seconds long. */
  private static RehearsalTimeline.Bar onlyBar(RehearsalView.Job job, double span) {
    return RehearsalTimeline.of(T0, T0 + span, List.of(round(8, job)), List.of()).jobs().get(0);
  }

  private static RehearsalView.Round round(long n, RehearsalView.Job... jobs) {
    return new RehearsalView.Round(n, T0, T0, List.of(jobs));
  }

  private static RehearsalView.Job job(String id, double submitted, double ended) {
    return new RehearsalView.Job(
        id,
        "success",
        "",
        T0 + submitted,
        T0 + ended,
        List.of(Operation.SetNodeFlags.drain("n" + id)),
        "why");
  }
}
