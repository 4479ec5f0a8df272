package org.maintd.collector.load;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code /proc/stat} as mond reads it: of each {@code cpu} line (the first the sum of all, then one
 * per CPU), the jiffies spent busy: user, nice, system, iowait, irq, softirq, steal, guest and
 * guest_nice (fields missing on older kernels count as 0). Stateless.
 */
final class ProcStat {
  private ProcStat() {}

  /**
   * The busy jiffies of each {@code cpu} line of {@code text}, the total first.
   *
   * @throws IllegalArgumentException if there is no {@code cpu} line or a field is no number
   */
  static long[] busy(String text) {
    List<Long> out = new ArrayList<>();
    for (String line : text.lines().toList()) {
      String[] f = line.trim().split("\\s+");
      if (!f[0].startsWith("cpu")) {
        continue;
      }
      long busy = 0;
      for (int k = 1; k < f.length && k <= 10; k++) {
        if (k != 4) {
          busy += number(f[k], line);
        }
      }
      out.add(busy);
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException("no cpu line in the stat file");
    }
    return out.stream().mapToLong(Long::longValue).toArray();
  }

  private static long number(String field, String line) {
    try {
      return Long.parseLong(field);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a number: '" + field + "' in '" + line + "'");
    }
  }
}
