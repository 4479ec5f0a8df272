package org.maintd.daemon.testing;

import java.time.Duration;
import java.util.List;

/**
 * What {@link RapiFaultProxy} does to RAPI's answers, as its control takes it in words: {@code ok},
 * {@code slow MS}, {@code 502 PCT} (answered without asking RAPI), {@code truncate PCT} (RAPI's
 * JSON cut short), {@code lose-answers PCT} (a change sent to RAPI, its answer replaced by a 502),
 * {@code stuck JOBID SECONDS} or {@code stuck-all SECONDS} (a finished job answered as {@code
 * running} for that long from now). Immutable.
 */
public sealed interface ProxyMode {
  /** Everything passed through. */
  record Ok() implements ProxyMode {}

  /** Every answer held back {@code delay} first. */
  record Slow(Duration delay) implements ProxyMode {}

  /** {@code percent} of the requests answered 502 at once, never sent to RAPI. */
  record BadGateway(int percent) implements ProxyMode {}

  /** {@code percent} of RAPI's answers cut to half their length. */
  record Truncate(int percent) implements ProxyMode {}

  /** {@code percent} of the changes sent to RAPI, their answer replaced by a 502. */
  record LoseAnswers(int percent) implements ProxyMode {}

  /**
   * The job {@code job} (every job when empty) answered as running while it is finished, for {@code
   * seconds} from when the mode was set.
   */
  record Stuck(String job, long seconds) implements ProxyMode {}

  /** The mode {@code text} says; an {@link IllegalArgumentException} naming what is wrong. */
  static ProxyMode parse(String text) {
    List<String> w = List.of(text.strip().split("\\s+"));
    return switch (w.get(0)) {
      case "ok" -> arguments(w, 0, new Ok());
      case "slow" -> arguments(w, 1, new Slow(Duration.ofMillis(number(w, 1, Long.MAX_VALUE))));
      case "502" -> arguments(w, 1, new BadGateway((int) number(w, 1, 100)));
      case "truncate" -> arguments(w, 1, new Truncate((int) number(w, 1, 100)));
      case "lose-answers" -> arguments(w, 1, new LoseAnswers((int) number(w, 1, 100)));
      case "stuck" ->
          arguments(
              w,
              2,
              new Stuck(
                  String.valueOf(number(w, 1, Long.MAX_VALUE)), number(w, 2, Long.MAX_VALUE)));
      case "stuck-all" -> arguments(w, 1, new Stuck("", number(w, 1, Long.MAX_VALUE)));
      default ->
          throw new IllegalArgumentException(
              "no mode '"
                  + w.get(0)
                  + "': ok, slow MS, 502 PCT, truncate PCT, lose-answers PCT, stuck JOBID SECONDS,"
                  + " stuck-all SECONDS");
    };
  }

  private static ProxyMode arguments(List<String> words, int count, ProxyMode mode) {
    if (words.size() != count + 1) {
      throw new IllegalArgumentException(
          "'" + String.join(" ", words) + "': " + words.get(0) + " takes " + count + " numbers");
    }
    return mode;
  }

  private static long number(List<String> words, int at, long max) {
    if (words.size() <= at) {
      throw new IllegalArgumentException("'" + String.join(" ", words) + "': a number is missing");
    }
    long n;
    try {
      n = Long.parseLong(words.get(at));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + words.get(at) + "' is not a number", e);
    }
    if (n < 0 || n > max) {
      throw new IllegalArgumentException(words.get(at) + " is not between 0 and " + max);
    }
    return n;
  }
}
