package org.maintd.daemon.http;

import java.util.Locale;

/**
 * A node name as a list filter takes it ({@code name=}): a shell-style pattern ({@code *} any run
 * of characters, {@code ?} one), matched in any letter case against a node's whole name or its
 * short name (up to the first dot), so that {@code node1*} finds {@code node12.example.com}.
 * Matched in time linear in the name and the pattern whatever the pattern (no regular expression
 * that a pattern of many stars could make backtrack), and at most {@link #LONGEST} characters long.
 * Immutable.
 */
final class NamePattern {
  /** The longest pattern taken: longer than any node name. */
  static final int LONGEST = 255;

  private final String pattern;

  private NamePattern(String pattern) {
    this.pattern = pattern;
  }

  /** {@code text} as a pattern; refused when empty or longer than {@link #LONGEST}. */
  static NamePattern of(String text) {
    if (text.isEmpty()) {
      throw new IllegalArgumentException("an empty name matches no node: give a name or a pattern");
    }
    if (text.length() > LONGEST) {
      throw new IllegalArgumentException(
          "a name pattern is at most " + LONGEST + " characters, not " + text.length());
    }
    return new NamePattern(text.toLowerCase(Locale.ROOT));
  }

  /** Whether {@code name} or its short name matches. */
  boolean matches(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    if (glob(n)) {
      return true;
    }
    int dot = n.indexOf('.');
    return dot > 0 && glob(n.substring(0, dot));
  }

  /**
   * The whole of {@code s} against the pattern: on a mismatch after a star, the star takes one more
   * character and matching resumes there; no earlier star is ever tried again, which is what keeps
   * it linear.
   */
  private boolean glob(String s) {
    int p = 0;
    int i = 0;
    int star = -1;
    int resume = 0;
    while (i < s.length()) {
      if (p < pattern.length() && (pattern.charAt(p) == '?' || pattern.charAt(p) == s.charAt(i))) {
        p++;
        i++;
      } else if (p < pattern.length() && pattern.charAt(p) == '*') {
        star = p++;
        resume = i;
      } else if (star >= 0) {
        p = star + 1;
        i = ++resume;
      } else {
        return false;
      }
    }
    while (p < pattern.length() && pattern.charAt(p) == '*') {
      p++;
    }
    return p == pattern.length();
  }
}
