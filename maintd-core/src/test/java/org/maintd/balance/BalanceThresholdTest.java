package org.maintd.balance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Balancing is off, or above a threshold that is a number: never NaN as "off". */
class BalanceThresholdTest {
  @ParameterizedTest(name = "balance {0}, threshold {1}: {2}")
  @CsvSource({
    "true, 0.1, Above[value=0.1]",
    "true, 0.0, Above[value=0.0]",
    "true, 1000.0, Above[value=1000.0]",
    "false, 0.1, Off[]",
    "false, 0.0, Off[]",
    "false, NaN, Off[]",
  })
  void theConfiguredKeysSayWhetherAndAboveWhatItBalances(
      boolean balance, double threshold, String is) {
    assertEquals(is, BalanceThreshold.of(balance, threshold).toString());
  }

  @Test
  void aThresholdThatIsNoNumberIsRefused() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> BalanceThreshold.above(Double.NaN));
    assertEquals("a balance threshold must be a number, not NaN", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> BalanceThreshold.of(true, Double.NaN));
  }
}
