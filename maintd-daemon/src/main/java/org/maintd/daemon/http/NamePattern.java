package org.maintd.daemon.http;

import java.util.regex.Pattern;

/**
 * A node name as a list filter takes it ({@code name=}): a shell-style pattern ({@code *} any run
 * of characters, {@code ?} one), matched in any letter case against a node's whole name or its
 * short name (up to the first dot), so that {@code node1*} finds {@code node12.example.com}.
 * Immutable.
 */
final class NamePattern {
  private final Pattern pattern;

  private NamePattern(Pattern pattern) {
    this.pattern = pattern;
  }

  /** {@code text} as a pattern; refused when empty. */
  static NamePattern of(String text) {
    if (text.isEmpty()) {
      throw new IllegalArgumentException("an empty name matches no node: give a name or a pattern");
    }
    StringBuilder regex = new StringBuilder();
    for (char c : text.toCharArray()) {
      switch (c) {
        case '*' -> regex.append(".*");
        case '?' -> regex.append('.');
        default -> regex.append(Pattern.quote(String.valueOf(c)));
      }
    }
    return new NamePattern(Pattern.compile(regex.toString(), Pattern.CASE_INSENSITIVE));
  }

  /** Whether {@code name} or its short name matches. */
  boolean matches(String name) {
    if (pattern.matcher(name).matches()) {
      return true;
    }
    int dot = name.indexOf('.');
    return dot > 0 && pattern.matcher(name.substring(0, dot)).matches();
  }
}
