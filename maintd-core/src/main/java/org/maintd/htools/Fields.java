package org.maintd.htools;

import java.util.Arrays;
import java.util.List;

/** One line of the htools text format split into its {@code |}-separated fields. */
final class Fields {
  private final String section;
  private final int lineNo;
  private final String[] values;

  Fields(String section, int lineNo, String line, int minimum) {
    this.section = section;
    this.lineNo = lineNo;
    this.values = line.split("\\|", -1);
    if (values.length < minimum) {
      throw error(
          "has " + values.length + " fields, at least " + minimum + " are needed: '" + line + "'");
    }
  }

  String text(int index) {
    return values[index];
  }

  String text(int index, String fallback) {
    return index < values.length ? values[index] : fallback;
  }

  List<String> list(int index) {
    String value = text(index, "");
    return value.isEmpty() ? List.of() : Arrays.asList(value.split(",", -1));
  }

  long integer(int index, String what) {
    try {
      return Long.parseLong(values[index]);
    } catch (NumberFormatException e) {
      throw error(what + " is not an integer: '" + values[index] + "'");
    }
  }

  int integer(int index, String what, int fallback) {
    return index < values.length ? (int) integer(index, what) : fallback;
  }

  double decimal(int index, String what, double fallback) {
    if (index >= values.length) {
      return fallback;
    }
    try {
      return Double.parseDouble(values[index]);
    } catch (NumberFormatException e) {
      throw error(what + " is not a number: '" + values[index] + "'");
    }
  }

  boolean flag(int index, String what, boolean fallback) {
    String value = text(index, fallback ? "Y" : "N");
    return switch (value) {
      case "Y" -> true;
      case "N" -> false;
      default -> throw error(what + " must be Y or N, not '" + value + "'");
    };
  }

  HtoolsFormatException error(String what) {
    return new HtoolsFormatException(section + " line " + lineNo + ": " + what);
  }
}
