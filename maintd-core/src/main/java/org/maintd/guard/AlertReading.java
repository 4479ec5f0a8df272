package org.maintd.guard;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/**
 * What the alert interlock has learnt from its {@code server} (as the reasons name it, e.g. {@code
 * Prometheus at http://prometheus:9090}): its last answer and when it came, when asking began
 * ({@code since}), and why the last try failed, if it did. A round reads it with {@link #at}: the
 * last answer while it is no older than a limit; an older one, or none at all, is an unknown state
 * that says since when the server has not answered, which the interlock's {@code onError} decides.
 * Immutable.
 */
public record AlertReading(
    String server, Instant since, Optional<Answer> answer, Optional<String> failure) {
  /** An answer of the server: the alerts it gave (quiet or active), and when it gave them. */
  public record Answer(AlertState state, Instant at) {
    public Answer {
      if (state instanceof AlertState.Unknown) {
        throw new IllegalArgumentException("an answer gives the alerts, not " + state);
      }
    }
  }

  /** Nothing learnt yet from {@code server}, asked from {@code since} on. */
  public static AlertReading none(String server, Instant since) {
    return new AlertReading(server, since, Optional.empty(), Optional.empty());
  }

  /**
   * This reading after a try that read {@code state} at {@code at}: a quiet or active state is the
   * new answer; an unknown one is a failure with its reason, and the last answer stays.
   */
  public AlertReading after(AlertState state, Instant at) {
    if (state instanceof AlertState.Unknown unknown) {
      return new AlertReading(server, since, answer, Optional.of(unknown.reason()));
    }
    return new AlertReading(server, since, Optional.of(new Answer(state, at)), Optional.empty());
  }

  /** Whether the last try was answered. */
  public boolean answered() {
    return answer.isPresent() && failure.isEmpty();
  }

  /**
   * The alerts a round reads at {@code now}: the last answer while it is at most {@code maxAge}
   * old; otherwise unknown, since when the server has not answered, with the last try's failure.
   */
  public AlertState at(Instant now, Duration maxAge) {
    if (answer.isPresent() && !answer.get().at().plus(maxAge).isBefore(now)) {
      return answer.get().state();
    }
    String silent =
        answer
            .map(a -> server + " has not answered since " + seconds(a.at()))
            .orElseGet(
                () -> server + " has not answered since maintd began asking at " + seconds(since));
    return new AlertState.Unknown(silent + failure.map(f -> " (last try: " + f + ")").orElse(""));
  }

  private static String seconds(Instant t) {
    return t.truncatedTo(ChronoUnit.SECONDS).toString();
  }
}
