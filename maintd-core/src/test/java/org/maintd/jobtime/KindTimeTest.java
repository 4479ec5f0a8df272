package org.maintd.jobtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What a kind's past operations teach: a line where their sizes explain their times, else a median.
 */
class KindTimeTest {
  private static final Instant T0 = Instant.parse("2027-03-01T10:00:00Z");

  /** Past operations written {@code MiB:ms}, ending a second apart. */
  private static List<PastOperation> past(String spec) {
    List<PastOperation> past = new ArrayList<>();
    for (String p : spec.split(" ")) {
      String[] f = p.split(":");
      past.add(
          new PastOperation(
              "migrate",
              Long.parseLong(f[0]),
              T0.plusSeconds(past.size()),
              Duration.ofMillis(Long.parseLong(f[1]))));
    }
    return past;
  }

  @ParameterizedTest(name = "{0} teaches {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        // three sizes on a line: fitted exactly
        "1024:3000 2048:5000 4096:9000 | migrate 1 s plus 2 s per GiB (fitted to 3 jobs)",
        // two of them: too few to fit, their median (the mean of the middle two)
        "1024:3000 2048:5000 | migrate 4 s (median of 2 jobs)",
        // one: itself
        "512:1500 | migrate 1.5 s (median of 1 job)",
        // one size only: nothing to fit, the median of an odd number
        "1024:4000 1024:1000 1024:2000 | migrate 2 s (median of 3 jobs)",
        // times that fall as sizes grow: the median
        "1024:9000 2048:5000 4096:3000 | migrate 5 s (median of 3 jobs)",
        // a line that starts below zero: the median
        "1024:1000 2048:3000 4096:9000 | migrate 3 s (median of 3 jobs)",
        // a flat line: fitted, nothing per GiB
        "1024:2000 2048:2000 4096:2000 | migrate 2 s plus 0 s per GiB (fitted to 3 jobs)",
        // a line through zero: fitted
        "1024:1000 2048:2000 3072:3000 | migrate 0 s plus 1 s per GiB (fitted to 3 jobs)",
      })
  void pastOperationsTeachALineOrAMedian(String spec, String says) {
    assertEquals(says, KindTime.learn("migrate", past(spec)).says());
  }

  @Test
  void aFittedLineGivesTheFixedTimePlusTheTimePerGiBCopied() {
    KindTime t = KindTime.learn("migrate", past("1024:3000 2048:5000 4096:9000"));
    assertEquals(Duration.ofMillis(1000), t.of(0));
    assertEquals(Duration.ofMillis(2000), t.of(512));
    assertEquals(Duration.ofMillis(17000), t.of(8192));
    assertEquals(3, t.samples());
    assertEquals("migrate", t.kind());
  }

  @Test
  void aMedianIsTheSameWhateverTheSize() {
    KindTime t = KindTime.learn("migrate", past("1024:4000 1024:1000 1024:2000"));
    assertEquals(Duration.ofSeconds(2), t.of(0));
    assertEquals(Duration.ofSeconds(2), t.of(100_000));
  }

  @Test
  void theMedianOfAnEvenNumberIsTheMeanOfTheMiddleTwo() {
    KindTime t = KindTime.learn("migrate", past("1024:1000 1024:8000 1024:2000 1024:4000"));
    assertEquals(Duration.ofSeconds(3), t.of(0));
  }

  @Test
  void nothingTeachesNothing() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> KindTime.learn("move", List.of()));
    assertEquals("nothing to learn the time of move from", e.getMessage());
  }

  @Test
  void aPastOperationIsNeverNegative() {
    assertThrows(
        IllegalArgumentException.class, () -> new PastOperation("move", -1, T0, Duration.ZERO));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new PastOperation("move", 0, T0, Duration.ofSeconds(-1)));
    assertEquals("a move that took PT-1S", e.getMessage());
  }
}
