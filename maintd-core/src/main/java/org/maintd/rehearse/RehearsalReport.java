package org.maintd.rehearse;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What a rehearsal came to: what it played ({@code act}), from when to when on the daemon's clock
 * as the rehearsal moved it, how it ended, the jobs in the order the cluster took them, where every
 * instance that moved went, every wait, what it assumed, hbal's score of each node group before and
 * after, and the snapshot it played: when it was read and what changed since. Immutable.
 */
public record RehearsalReport(
    String act,
    Instant start,
    Instant end,
    int ticks,
    Ending ending,
    List<PlayedJob> jobs,
    List<Placement> moves,
    List<Waited> waits,
    List<Assumption> assumptions,
    List<GroupScore> scores,
    PlayedSnapshot snapshot) {
  /** The kinds of the guards of planned work, the safety caps and a pause. */
  public static final Set<String> GUARDS =
      Set.of("allowed-hours", "alert", "alert-unknown", "cap", "paused", "round-delay");

  /** The kinds of waiting for a place to go. */
  public static final Set<String> NOWHERE = Set.of("no-room", "target");

  public RehearsalReport {
    jobs = List.copyOf(jobs);
    moves = List.copyOf(moves);
    waits = List.copyOf(waits);
    assumptions = List.copyOf(assumptions);
    scores = List.copyOf(scores);
  }

  /** How long the work takes, as played. */
  public Duration wallTime() {
    return Duration.between(start, end);
  }

  /** The waits for a guard of planned work, a safety cap, a pause or the round delay. */
  public List<Waited> guards() {
    return waits.stream().filter(w -> GUARDS.contains(w.kind())).toList();
  }

  /** The waits of what had nowhere to go. */
  public List<Waited> nowhere() {
    return waits.stream().filter(w -> NOWHERE.contains(w.kind())).toList();
  }

  /** The jobs by the round that submitted them, rounds in order. */
  public Map<Long, List<PlayedJob>> rounds() {
    Map<Long, List<PlayedJob>> rounds = new TreeMap<>();
    jobs.forEach(j -> rounds.computeIfAbsent(j.round(), r -> new ArrayList<>()).add(j));
    return rounds;
  }
}
