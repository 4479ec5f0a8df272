package org.maintd.daemon.notify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** How long a delivery waits after its nth failure: doubled from the first, capped. */
class BackoffTest {
  @ParameterizedTest(name = "after failure {0}: {1} s")
  @CsvSource({"1, 10", "2, 20", "3, 40", "4, 80", "5, 160", "6, 300", "7, 300", "40, 300"})
  void doublesFromTheFirstWaitUpToTheMost(int n, long seconds) {
    assertEquals(
        Duration.ofSeconds(seconds),
        Backoff.after(n, Duration.ofSeconds(10), Duration.ofSeconds(300)));
  }

  @ParameterizedTest(name = "first {0} s, most {1} s: {2} s")
  @CsvSource({"10, 10, 10", "10, 5, 5"})
  void neverWaitsLongerThanTheMost(long first, long most, long seconds) {
    assertEquals(
        Duration.ofSeconds(seconds),
        Backoff.after(1, Duration.ofSeconds(first), Duration.ofSeconds(most)));
  }
}
