package org.maintd.protocol.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.maintd.job.Operation;
import org.maintd.rehearse.Placement;
import org.maintd.rehearse.PlayedJob;
import org.maintd.rehearse.RehearsalReport;
import org.maintd.rehearse.Waited;

/**
 * {@code POST /1/rehearsals}' answer: what was played ({@code act}), from when to when on the
 * daemon's clock as the rehearsal moved it ({@code start}, {@code end}, {@code seconds}), after how
 * many ticks, how it ended ({@code ending}: {@code done}, {@code stuck} or {@code out-of-steps},
 * with its sentence), the rounds with their jobs in the order the cluster took them, every instance
 * that moved, every wait (the guards it hit and what had nowhere to go also on their own), what it
 * assumed, hbal's score of each node group before and after ({@code scores}), and the snapshot it
 * played: when the daemon read it and what changed in the cluster since ({@code snapshot}). Times
 * are seconds since the epoch. Immutable.
 */
public record RehearsalView(
    String act,
    double start,
    double end,
    double seconds,
    long ticks,
    Ending ending,
    List<Round> rounds,
    List<Move> moves,
    List<Wait> waits,
    List<Wait> guards,
    List<Wait> nowhere,
    List<Assumed> assumptions,
    List<Score> scores,
    Snapshot snapshot) {

  /** How the rehearsal ended: {@code kind} and the sentence that says it. */
  public record Ending(String kind, String text) {}

  /** A round ({@code 0}: jobs of a command, outside a round), from its first job to its last. */
  public record Round(long round, double start, double end, List<Job> jobs) {}

  /**
   * A job as the rehearsal's cluster ran it: its number there, what it did and why, how it ended.
   */
  public record Job(
      String id,
      String status,
      String message,
      double submitted,
      double ended,
      List<Operation> operations,
      String reason) {}

  /** Where an instance was and went: its primary and its secondary ({@code ""}: none). */
  public record Move(
      String instance,
      String primary_from,
      String primary_to,
      String secondary_from,
      String secondary_to) {}

  /** Something that waited, why ({@code kind} as {@code /1/plan} names it), how long. */
  public record Wait(
      String what,
      String kind,
      String text,
      double from,
      double until,
      double seconds,
      boolean still) {}

  /** An input the rehearsal assumed. */
  public record Assumed(String input, String assumed) {}

  /** hbal's score of a node group (its name) before and after the rehearsal. */
  public record Score(String group, double before, double after) {}

  /**
   * The snapshot played: when the daemon read it ({@code null}: the daemon does not say), and what
   * changed in the cluster as the daemon saw it when the rehearsal ended, a sentence a change
   * (empty: nothing).
   */
  public record Snapshot(Double read, List<String> changed) {}

  public static RehearsalView of(RehearsalReport r) {
    return new RehearsalView(
        r.act(),
        Times.seconds(r.start()),
        Times.seconds(r.end()),
        r.wallTime().toMillis() / 1000.0,
        r.ticks(),
        new Ending(r.ending().kind(), r.ending().text()),
        rounds(r.rounds()),
        r.moves().stream().map(RehearsalView::move).toList(),
        waits(r.waits()),
        waits(r.guards()),
        waits(r.nowhere()),
        r.assumptions().stream().map(a -> new Assumed(a.input(), a.assumed())).toList(),
        r.scores().stream().map(g -> new Score(g.group(), g.before(), g.after())).toList(),
        new Snapshot(r.snapshot().read().map(Times::seconds).orElse(null), r.snapshot().changed()));
  }

  private static List<Round> rounds(Map<Long, List<PlayedJob>> byRound) {
    List<Round> rounds = new ArrayList<>();
    byRound.forEach(
        (n, jobs) ->
            rounds.add(
                new Round(
                    n,
                    jobs.stream().mapToDouble(j -> Times.seconds(j.submitted())).min().orElse(0),
                    jobs.stream().mapToDouble(j -> Times.seconds(j.ended())).max().orElse(0),
                    jobs.stream().map(RehearsalView::job).toList())));
    return rounds;
  }

  private static Job job(PlayedJob j) {
    return new Job(
        j.id(),
        j.status(),
        j.message(),
        Times.seconds(j.submitted()),
        Times.seconds(j.ended()),
        j.spec().operations(),
        j.spec().reason().text());
  }

  private static Move move(Placement p) {
    return new Move(
        p.instance(), p.primaryFrom(), p.primaryTo(), p.secondaryFrom(), p.secondaryTo());
  }

  private static List<Wait> waits(List<Waited> waits) {
    return waits.stream()
        .map(
            w ->
                new Wait(
                    w.what(),
                    w.kind(),
                    w.text(),
                    Times.seconds(w.from()),
                    Times.seconds(w.until()),
                    w.took().toMillis() / 1000.0,
                    w.still()))
        .toList();
  }
}
