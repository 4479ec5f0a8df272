package org.maintd.daemon.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.maintd.job.Operation;
import org.maintd.protocol.api.RehearsalView;

/**
 * A rehearsal drawn over its time as played: one row per job, its bar from its submission to its
 * end, and one row per wait, its bar from its first tick to its last, on one axis from the
 * rehearsal's start ({@code 0 s}) to its end, positions in percent of that span. At most {@link
 * #ROWS} jobs and as many waits, in the rehearsal's order; {@code moreJobs} and {@code moreWaits}
 * count those left out. Immutable.
 */
public record RehearsalTimeline(
    List<Timeline.Tick> ticks, List<Bar> jobs, int moreJobs, List<Bar> waits, int moreWaits) {
  /** The most jobs drawn, and the most waits. */
  public static final int ROWS = 50;

  /** The most operations a job's row names. */
  static final int OPS = 3;

  public RehearsalTimeline {
    ticks = List.copyOf(ticks);
    jobs = List.copyOf(jobs);
    waits = List.copyOf(waits);
  }

  /**
   * A row: its element id, what it is, when (seconds from the start) and how it went, its longer
   * words ({@code about}: a job's reason trail, a wait's reason), and its bar from {@code left}
   * percent, {@code width} percent wide (at least half a percent, so that an instant shows).
   */
  public record Bar(
      String id, String label, String when, String about, double left, double width) {}

  /** The rounds' jobs and the waits of a rehearsal played from {@code start} to {@code end}. */
  public static RehearsalTimeline of(
      double start, double end, List<RehearsalView.Round> rounds, List<RehearsalView.Wait> waits) {
    Axis axis = new Axis(start, end);
    List<Bar> jobs = new ArrayList<>();
    int total = 0;
    for (RehearsalView.Round round : rounds) {
      for (RehearsalView.Job j : round.jobs()) {
        total++;
        if (jobs.size() < ROWS) {
          jobs.add(job(axis, round.round(), j));
        }
      }
    }
    List<Bar> waited = new ArrayList<>();
    for (int i = 0; i < Math.min(ROWS, waits.size()); i++) {
      waited.add(wait(axis, i, waits.get(i)));
    }
    return new RehearsalTimeline(
        axis.ticks(), jobs, total - jobs.size(), waited, waits.size() - waited.size());
  }

  /** The rehearsal of {@code v}. */
  public static RehearsalTimeline of(RehearsalView v) {
    return of(v.start(), v.end(), v.rounds(), v.waits());
  }

  private static Bar job(Axis axis, long round, RehearsalView.Job j) {
    String label =
        (round == 0 ? "a command's job " : "round " + round + ", job ") + j.id() + ": " + ops(j);
    String how = j.status() + (j.message().isEmpty() ? "" : ": " + j.message());
    return axis.bar("rehearsed-job-" + j.id(), label, j.submitted(), j.ended(), how, j.reason());
  }

  private static Bar wait(Axis axis, int i, RehearsalView.Wait w) {
    String how = w.still() ? "still waiting at the end" : "waited " + Fmt.seconds(w.seconds());
    return axis.bar(
        "rehearsed-wait-" + (i + 1),
        w.kind() + ": " + w.what(),
        w.from(),
        w.until(),
        how,
        w.text());
  }

  /**
   * What a job did: each operation's kind, with the instances and nodes it touched; the first
   * {@value #OPS}, and how many more.
   */
  static String ops(RehearsalView.Job j) {
    List<Operation> ops = j.operations();
    String shown =
        ops.stream().limit(OPS).map(RehearsalTimeline::op).collect(Collectors.joining("; "));
    return ops.size() <= OPS ? shown : shown + "; and " + (ops.size() - OPS) + " more operations";
  }

  private static String op(Operation o) {
    String nodes = String.join(", ", o.nodes());
    return o.instances().isEmpty()
        ? o.kind() + " " + nodes
        : o.kind() + " " + String.join(", ", o.instances()) + " on " + nodes;
  }

  /** The axis from {@code start} to {@code end}, seconds since the epoch. */
  private record Axis(double start, double end) {
    Bar bar(String id, String label, double from, double until, String how, String about) {
      double left = Timeline.percent(from - start, end - start);
      double right = Timeline.percent(until - start, end - start);
      String when = Fmt.seconds(from - start) + " to " + Fmt.seconds(until - start) + ", " + how;
      double width = Math.max(0.5, right - left);
      return new Bar(id, label, when, about, Math.min(left, 100 - width), width);
    }

    /** Six marks, in seconds from the start. */
    List<Timeline.Tick> ticks() {
      List<Timeline.Tick> ticks = new ArrayList<>();
      for (int i = 0; i <= 5; i++) {
        ticks.add(new Timeline.Tick(i * 20.0, Fmt.seconds((end - start) * i / 5)));
      }
      return ticks;
    }
  }
}
