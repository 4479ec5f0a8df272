package org.maintd.cli.output;

import java.util.Map;

/**
 * Where maintctl's progress goes: a terminal ({@code interactive}: a progress line is rewritten in
 * place) or not, and whether states are coloured. Colour is decided once, from {@code --color}:
 * {@code never}; {@code always} (but never in {@code -o json}); {@code auto}, the default: only on
 * a terminal and when {@code NO_COLOR} is unset or empty (no-color.org), never in {@code -o json}.
 * Immutable.
 */
public record Terminal(boolean interactive, boolean colour) {
  /** {@code --color}'s values. */
  public enum ColorChoice {
    auto,
    always,
    never
  }

  /** Plain lines, no colour: output that is not a terminal. */
  public static final Terminal PLAIN = new Terminal(false, false);

  /**
   * The terminal as {@code choice} and the surroundings make it: {@code console} whether maintctl
   * runs on a terminal ({@code System.console() != null}), {@code env} its environment, {@code
   * json} whether {@code -o json} was asked for.
   */
  public static Terminal of(
      ColorChoice choice, boolean console, Map<String, String> env, boolean json) {
    boolean noColor = !env.getOrDefault("NO_COLOR", "").isEmpty();
    boolean colour =
        !json
            && switch (choice) {
              case never -> false;
              case always -> true;
              case auto -> console && !noColor;
            };
    return new Terminal(console, colour);
  }

  /** {@code text} in the colour of {@code tone} when colour is on; else as it is. */
  public String paint(Tone tone, String text) {
    return colour ? tone.paint(text) : text;
  }
}
