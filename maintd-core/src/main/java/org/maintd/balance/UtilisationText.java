package org.maintd.balance;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * hbal's dynamic utilisation file ({@code -U FILE}): one line per instance, {@code name cpu mem dsk
 * net}, separated by single spaces, each figure a decimal number ({@code 2}, {@code 0.5}, {@code
 * -1}, {@code 1e3}); a later line for the same name wins. Refused as hbal refuses it: a line of
 * another shape ({@code Cannot parse line LINE}), a figure that is no number ({@code NAME: cannot
 * parse string 'X'}). Unlike hbal, infinities, NaN and hexadecimal figures are refused too.
 * Stateless.
 */
public final class UtilisationText {
  private static final Pattern NUMBER = Pattern.compile("-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?");

  private UtilisationText() {}

  /**
   * The utilisation of each instance the text names, in order.
   *
   * @throws IllegalArgumentException naming the line or the figure that is wrong
   */
  public static Map<String, Utilisation> read(String text) {
    Map<String, Utilisation> out = new LinkedHashMap<>();
    for (String line : text.lines().toList()) {
      List<String> f = List.of(line.split(" ", -1));
      if (f.size() != 5) {
        throw new IllegalArgumentException("Cannot parse line " + line);
      }
      out.put(
          f.get(0),
          new Utilisation(
              number(f.get(0), f.get(1)),
              number(f.get(0), f.get(2)),
              number(f.get(0), f.get(3)),
              number(f.get(0), f.get(4))));
    }
    return out;
  }

  private static double number(String name, String text) {
    if (!NUMBER.matcher(text).matches() || !Double.isFinite(Double.parseDouble(text))) {
      throw new IllegalArgumentException(name + ": cannot parse string '" + text + "'");
    }
    return Double.parseDouble(text);
  }
}
