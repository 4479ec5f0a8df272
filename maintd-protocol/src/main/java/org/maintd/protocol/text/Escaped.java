package org.maintd.protocol.text;

/**
 * Text as it may be written on one line of a log or a table whatever it holds: a backslash doubled,
 * line breaks and tabs as {@code \n}, {@code \r}, {@code \t}, and every other control character (C0
 * and C1 controls, bidirectional and other format controls, line and paragraph separators) as
 * {@code \\uXXXX} ({@code \\UXXXXXXXX} beyond the first plane), so that client text can neither
 * start a line of its own nor reorder or colour what a terminal shows. Printable text, letters of
 * any script included, is left as it is. Stateless.
 */
public final class Escaped {
  private Escaped() {}

  /** {@code text} escaped; {@code "null"} for none, as a log shows it. */
  public static String of(String text) {
    if (text == null) {
      return "null";
    }
    if (text.codePoints().noneMatch(c -> c == '\\' || isControl(c))) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length() + 16);
    text.codePoints().forEach(c -> append(out, c));
    return out.toString();
  }

  /**
   * Whether {@code codePoint} controls how text is shown rather than being shown: a C0 or C1
   * control, a format control (bidirectional overrides and isolates such as U+202E, zero-width
   * characters, the byte order mark), a line or paragraph separator, or half of a surrogate pair
   * standing alone.
   */
  public static boolean isControl(int codePoint) {
    return switch (Character.getType(codePoint)) {
      case Character.CONTROL,
          Character.FORMAT,
          Character.LINE_SEPARATOR,
          Character.PARAGRAPH_SEPARATOR,
          Character.SURROGATE ->
          true;
      default -> false;
    };
  }

  /** {@code codePoint} as people read it in a message: {@code U+000A}, {@code U+202E}. */
  public static String codePoint(int codePoint) {
    return String.format("U+%04X", codePoint);
  }

  private static void append(StringBuilder out, int c) {
    switch (c) {
      case '\\' -> out.append("\\\\");
      case '\n' -> out.append("\\n");
      case '\r' -> out.append("\\r");
      case '\t' -> out.append("\\t");
      default -> {
        if (isControl(c)) {
          out.append(c <= 0xFFFF ? String.format("\\u%04x", c) : String.format("\\U%08x", c));
        } else {
          out.appendCodePoint(c);
        }
      }
    }
  }
}
