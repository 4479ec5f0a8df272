package org.maintd.rehearse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;

/** A report's rounds, its guards and what had nowhere to go. */
class RehearsalReportTest {
  private static final Instant T0 = Instant.ofEpochSecond(1_800_000_000);

  private static PlayedJob job(String id, long round, long from, long to) {
    JobSpec spec =
        new JobSpec(
            "k" + id,
            "o",
            List.of(new Operation.RebootNode("n" + id, false)),
            new ReasonTrail("s", "t", 0));
    return new PlayedJob(id, round, spec, T0.plusSeconds(from), T0.plusSeconds(to), "success", "");
  }

  private static Waited waited(String kind) {
    return new Waited(kind + " thing", kind, "waits", T0, T0.plusSeconds(5), false);
  }

  @Test
  void itGroupsJobsByRoundAndPicksOutGuardsAndWhatHadNowhereToGo() {
    PlayedJob a = job("1", 2, 0, 10);
    PlayedJob b = job("2", 1, 0, 5);
    PlayedJob c = job("3", 2, 0, 7);
    List<Waited> waits =
        List.of(
            waited("cap"),
            waited("no-room"),
            waited("alert"),
            waited("busy"),
            waited("target"),
            waited("allowed-hours"),
            waited("paused"),
            waited("round-delay"),
            waited("alert-unknown"));
    RehearsalReport r =
        new RehearsalReport(
            "drain n2",
            T0,
            T0.plusSeconds(90),
            4,
            new Ending.Done("done"),
            List.of(a, b, c),
            List.of(),
            waits,
            List.of(),
            List.of(),
            new PlayedSnapshot(Optional.empty(), List.of()));
    assertEquals(Map.of(1L, List.of(b), 2L, List.of(a, c)), r.rounds());
    assertEquals(List.of(1L, 2L), List.copyOf(r.rounds().keySet()));
    assertEquals(
        List.of("cap", "alert", "allowed-hours", "paused", "round-delay", "alert-unknown"),
        r.guards().stream().map(Waited::kind).toList());
    assertEquals(List.of("no-room", "target"), r.nowhere().stream().map(Waited::kind).toList());
    assertEquals(Duration.ofSeconds(90), r.wallTime());
    assertEquals(Duration.ofSeconds(10), a.took());
    assertEquals(Duration.ofSeconds(5), waits.get(0).took());
  }
}
