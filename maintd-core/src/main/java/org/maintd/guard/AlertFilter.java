package org.maintd.guard;

import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Which active alerts hold planned work, as kured filters them: {@code names} is a regular
 * expression searched in each alert's name (unanchored, as kured's; anchor it with {@code ^} and
 * {@code $}); it names the alerts to ignore, or with {@code matchOnly} the only ones that count;
 * empty, every alert counts. With {@code firingOnly}, pending alerts do not count.
 */
public record AlertFilter(String names, boolean matchOnly, boolean firingOnly) {
  public AlertFilter {
    compile(names);
    if (matchOnly && names.isEmpty()) {
      throw new IllegalArgumentException(
          "matchOnly needs a regular expression of the alerts that count");
    }
  }

  /** Every active alert counts. */
  public static AlertFilter everyAlert() {
    return new AlertFilter("", false, false);
  }

  /**
   * {@code names} as a regular expression; an {@link IllegalArgumentException} that shows it and
   * says what is wrong otherwise.
   */
  public static Pattern compile(String names) {
    try {
      return Pattern.compile(names);
    } catch (PatternSyntaxException e) {
      throw new IllegalArgumentException(
          "'" + names + "' is not a regular expression: " + e.getDescription(), e);
    }
  }

  /** The alerts of {@code active} that hold planned work, in their order. */
  public List<Alert> counted(List<Alert> active) {
    Pattern pattern = compile(names);
    return active.stream()
        .filter(a -> !firingOnly || a.firing())
        .filter(a -> names.isEmpty() || pattern.matcher(a.name()).find() == matchOnly)
        .toList();
  }
}
