package org.maintd.daemon.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Node name patterns: shell-style, any letter case, whole or short name, and never slow. */
class NamePatternTest {
  @ParameterizedTest(name = "{0} against {1}: {2}")
  @CsvSource({
    "node1, node1, true",
    "node1, node10, false",
    "node1*, node10, true",
    "node1*, node1, true",
    "*1, node11, true",
    "*1, node12, false",
    "n?de3, node3, true",
    "n?de3, nde3, false",
    "?, n, true",
    "?, '', false",
    "*, anything.example.com, true",
    "NODE4, node4, true",
    "node4, NODE4.example.com, true",
    "node4.example.com, node4.example.com, true",
    "node4.example, node4.example.com, false",
    "*.example.com, node4.example.com, true",
    "a*b*c, axxbyyc, true",
    "a*b*c, axxbyy, false",
    "a*b*c, abcbc, true",
    "**a**, xa, true",
    "a*, b.a, false",
    ".*, node1, false",
    "node[1], node[1], true",
    "node[1], node1, false",
  })
  void aPatternMatchesAsAShellDoesInAnyLetterCase(String pattern, String name, boolean matches) {
    assertEquals(matches, NamePattern.of(pattern).matches(name));
  }

  @Test
  void aPatternOfManyStarsIsMatchedAtOnce() {
    // a regular expression of 120 ".*" backtracks through every way to split the name: for ever
    String stars = "*".repeat(120) + "x";
    String name = "a".repeat(250);
    assertTimeoutPreemptively(
        Duration.ofSeconds(5),
        () -> assertEquals(false, NamePattern.of(stars).matches(name)),
        "a pattern of many stars must not backtrack through every way to split the name");
  }

  @Test
  void anEmptyOrOverlongPatternIsRefusedNamingWhy() {
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> NamePattern.of(""))
            .getMessage()
            .contains("an empty name matches no node"));
    NamePattern.of("n".repeat(255));
    assertEquals(
        "a name pattern is at most 255 characters, not 256",
        assertThrows(IllegalArgumentException.class, () -> NamePattern.of("n".repeat(256)))
            .getMessage());
  }
}
