package org.maintd.safety;

/**
 * How many nodes of a set may be out of service at once: a count ({@code 2}) or a percentage of the
 * set ({@code 25%}, rounded down, but at least one node unless the percentage is zero).
 */
public record Allowance(int value, boolean percent) {

  public Allowance {
    if (value < 0 || (percent && value > 100)) {
      throw new IllegalArgumentException(
          "an allowance is a count of 0 or more or a percentage from 0% to 100%, not "
              + value
              + (percent ? "%" : ""));
    }
  }

  /** Parses {@code 3} or {@code 30%}. */
  public static Allowance parse(String text) {
    String t = text.strip();
    boolean pct = t.endsWith("%");
    String digits = pct ? t.substring(0, t.length() - 1).strip() : t;
    if (digits.isEmpty() || !digits.chars().allMatch(Character::isDigit) || digits.length() > 9) {
      throw new IllegalArgumentException(
          "expected a count such as 1 or a percentage such as 25%, not '" + text + "'");
    }
    return new Allowance(Integer.parseInt(digits), pct);
  }

  /** How many of {@code total} nodes this allows. */
  public int of(int total) {
    if (!percent) {
      return value;
    }
    if (value == 0) {
      return 0;
    }
    return Math.max(1, (int) ((long) total * value / 100));
  }

  @Override
  public String toString() {
    return value + (percent ? "%" : "");
  }
}
