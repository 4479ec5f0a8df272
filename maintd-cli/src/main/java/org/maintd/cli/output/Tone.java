package org.maintd.cli.output;

/** The states maintctl colours, and their colours: failed red, done green, waiting yellow. */
public enum Tone {
  FAILED("31"),
  DONE("32"),
  WAITING("33");

  private final String code;

  Tone(String code) {
    this.code = code;
  }

  /** {@code text} in this colour (ANSI SGR), the colour reset after it. */
  String paint(String text) {
    return "\033[" + code + "m" + text + "\033[0m";
  }
}
