package org.maintd.rehearse;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * When a rehearsal looks again, and when it stops. It ticks as the daemon does, every poll
 * interval, while anything runs or changes. Once it has been quiet for {@link #QUIET} ticks
 * (nothing runs in the cluster, no round is under way, the state did not change), it goes on at the
 * first tick at or after the earliest time the plan waits for (a window's start, the allowed hours,
 * the round delay), or, when nothing waits for a time, stops: nothing more can happen. It stops
 * when the work is done and nothing runs, and after {@code maxTicks} ticks whatever happens.
 * Stateless.
 */
public final class Pace {
  /** How many quiet ticks in a row show that nothing more happens by itself. */
  public static final int QUIET = 3;

  private Pace() {}

  /**
   * What a rehearsal saw at its tick number {@code ticks} (from 1), at {@code now}: whether the
   * work is {@code done} (its sentence), whether anything is {@code busy} (jobs running, a node
   * booting, a round under way), whether the state {@code changed}, how many ticks before were
   * {@code quiet}, the earliest time the plan waits for after now ({@code wakeup}), and what waits
   * ({@code waits}, in the plan's words).
   */
  public record Look(
      Instant now,
      Duration poll,
      int ticks,
      int maxTicks,
      Optional<String> done,
      boolean busy,
      boolean changed,
      int quiet,
      Optional<Instant> wakeup,
      List<String> waits) {
    public Look {
      waits = List.copyOf(waits);
    }
  }

  /** What comes after a look. A closed set. */
  public sealed interface Next {}

  /** A tick at {@code at}, after {@code quiet} quiet ticks in a row. */
  public record Tick(Instant at, int quiet) implements Next {}

  /** The rehearsal ends. */
  public record End(Ending ending) implements Next {}

  /** What comes after {@code look}. */
  public static Next after(Look look) {
    if (look.done().isPresent() && !look.busy()) {
      return new End(new Ending.Done(look.done().get()));
    }
    if (look.ticks() >= look.maxTicks()) {
      return new End(
          new Ending.OutOfSteps(
              "stopped after "
                  + look.ticks()
                  + " ticks, the most a rehearsal plays, with the work not done"));
    }
    int quiet = look.busy() || look.changed() ? 0 : look.quiet() + 1;
    if (quiet < QUIET) {
      return new Tick(look.now().plus(look.poll()), quiet);
    }
    Optional<Instant> wakeup = look.wakeup().filter(w -> w.isAfter(look.now()));
    if (wakeup.isPresent()) {
      return new Tick(firstTickFrom(look.now(), look.poll(), wakeup.get()), 0);
    }
    return new End(new Ending.Stuck(stuck(look.waits())));
  }

  /** The first tick at or after {@code at}, ticks being {@code poll} apart from {@code now}. */
  static Instant firstTickFrom(Instant now, Duration poll, Instant at) {
    long gap = Duration.between(now, at).toNanos();
    long step = Math.max(1, poll.toNanos());
    return now.plusNanos((gap + step - 1) / step * step);
  }

  private static String stuck(List<String> waits) {
    return waits.isEmpty()
        ? "nothing more happens: nothing runs, nothing changes and nothing waits"
        : "nothing more can happen: " + String.join("; ", waits);
  }
}
