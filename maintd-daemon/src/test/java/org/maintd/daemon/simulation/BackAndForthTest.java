package org.maintd.daemon.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class BackAndForthTest {
  @Test
  void theThirdTimeBackWithNothingInBetweenIsAViolation() {
    BackAndForth b = new BackAndForth();
    assertEquals(Optional.empty(), b.moved("i", "n1:n2"));
    assertEquals(Optional.empty(), b.moved("i", "n1:n3"));
    assertEquals(Optional.empty(), b.moved("i", "n1:n2"), "back once");
    assertEquals(Optional.empty(), b.moved("other", "n1:n2"));
    assertEquals(Optional.empty(), b.moved("i", "n1:n3"), "back twice");
    String v = b.moved("i", "n1:n2").orElseThrow();
    assertTrue(v.contains("i back and forth 3 times"), v);
    assertTrue(v.endsWith("from n1:n2, then n1:n3, then n1:n2, then n1:n3, then n1:n2"), v);
  }

  @Test
  void aDisturbanceStartsTheCountAgainAndMovesOnwardAreNoReturn() {
    BackAndForth b = new BackAndForth();
    b.moved("i", "a");
    b.moved("i", "b");
    b.moved("i", "a");
    b.moved("i", "b");
    b.disturbed();
    for (String p : new String[] {"a", "b", "a", "b", "c", "d", "e"}) {
      assertEquals(Optional.empty(), b.moved("i", p), p);
    }
  }
}
