package org.maintd.protocol.text;

import java.util.function.IntPredicate;

/**
 * The bounds and alphabets of the text a client can send to be stored: each check returns the text
 * when it passes and otherwise throws an {@link IllegalArgumentException} whose message names the
 * field, the bound or the alphabet, and the first character refused with its position (counted from
 * 1) and code point. Immutable; thread-safe.
 *
 * @param kind what the text is, as a message names it ("a hostname")
 * @param max the most characters taken
 * @param alphabet which characters are taken, besides the rule that no control character is
 * @param alphabetText the alphabet in words, for messages ("letters, digits, '-' and '.'")
 */
public record ClientText(String kind, int max, IntPredicate alphabet, String alphabetText) {
  /** A hostname as DNS allows it: up to 253 ASCII letters, digits, hyphens and dots. */
  public static final ClientText HOSTNAME =
      new ClientText(
          "a hostname",
          253,
          c -> ascii(c) && (Character.isLetterOrDigit(c) || c == '-' || c == '.'),
          "letters, digits, '-' and '.'");

  /** A name of the cluster's (an instance, a node group): a hostname's alphabet and '_'. */
  public static final ClientText NAME =
      new ClientText(
          "a name",
          253,
          c -> ascii(c) && (Character.isLetterOrDigit(c) || c == '-' || c == '.' || c == '_'),
          "letters, digits, '-', '.' and '_'");

  /** A Ganeti tag: up to 128 of letters, digits and {@code _ . + * / : @ -}. */
  public static final ClientText TAG =
      new ClientText(
          "a tag",
          128,
          c -> ascii(c) && (Character.isLetterOrDigit(c) || "_.+*/:@-".indexOf(c) >= 0),
          "letters, digits and _ . + * / : @ -");

  /** Free text stored with a request (a reason): up to 500 printable characters of any script. */
  public static final ClientText REASON =
      new ClientText("a reason", 500, c -> true, "printable characters");

  /** A daily window of a campaign, {@code 22:00-04:00}. */
  public static final ClientText DAILY_WINDOW =
      new ClientText(
          "a daily window",
          32,
          c -> ascii(c) && (Character.isDigit(c) || c == ':' || c == '-' || c == ' '),
          "digits, ':' and '-', as in 22:00-04:00");

  /** An IP address as text: up to 45 characters, the longest an IPv6 address is written in. */
  public static final ClientText IP =
      new ClientText(
          "an IP address",
          45,
          c -> ascii(c) && (Character.isLetterOrDigit(c) || c == ':' || c == '.' || c == '%'),
          "hexadecimal digits, '.', ':' and '%'");

  /**
   * {@code value} of the field {@code field}, checked; {@code null} passes (a field not given is
   * its caller's to require).
   */
  public String check(String field, String value) {
    if (value == null) {
      return null;
    }
    int length = value.codePointCount(0, value.length());
    if (length > max) {
      throw new IllegalArgumentException(
          "'"
              + field
              + "' is "
              + length
              + " characters long: "
              + kind
              + " is at most "
              + max
              + " characters");
    }
    int[] points = value.codePoints().toArray();
    for (int i = 0; i < points.length; i++) {
      if (Escaped.isControl(points[i])) {
        throw new IllegalArgumentException(
            "'"
                + field
                + "' holds the control character "
                + Escaped.codePoint(points[i])
                + " at position "
                + (i + 1)
                + ": "
                + kind
                + " is "
                + alphabetText
                + ", with no line breaks, tabs or terminal controls");
      }
      if (!alphabet.test(points[i])) {
        throw new IllegalArgumentException(
            "'"
                + field
                + "' holds '"
                + Character.toString(points[i])
                + "' ("
                + Escaped.codePoint(points[i])
                + ") at position "
                + (i + 1)
                + ": "
                + kind
                + " is "
                + alphabetText);
      }
    }
    return value;
  }

  /**
   * {@code size} checked against {@code max}: {@code what} ("machines in the schedule") are at most
   * {@code max}.
   */
  public static int count(String what, int size, int max) {
    if (size > max) {
      throw new IllegalArgumentException(
          "the request has " + size + " " + what + ": at most " + max + " are taken");
    }
    return size;
  }

  private static boolean ascii(int c) {
    return c < 128;
  }
}
