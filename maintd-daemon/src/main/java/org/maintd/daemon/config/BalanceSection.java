package org.maintd.daemon.config;

import java.util.List;
import org.maintd.balance.BalanceOptions;
import org.maintd.config.ConfigSection;

/**
 * The keys of balancing in {@code maintd.yaml}: {@code balanceThreshold}, and {@code balance},
 * either {@code true} or {@code false} alone or a mapping with {@code enabled} and hbal's switches
 * ({@code diskMoves}, {@code instanceMoves}, {@code evacMode}, {@code ignoreSoftErrors}, {@code
 * minGain}, {@code minGainLimit}, {@code selectInstances}, {@code excludeInstances}, {@code
 * restrictedMigration}, {@code searchTries}) and {@code load} (weigh the nodes' measured CPU load).
 * Unless set, the gain rule is Ganeti's maintenance daemon's: any gain while the score is above ten
 * times the threshold, at least the threshold below it. Each bad value is told with its key.
 */
final class BalanceSection {
  private static final double MAX_GAIN = 1000.0;
  private static final long MAX_SEARCH_TRIES = 100_000;
  private static final double MAX_GAIN_LIMIT = 10000.0;

  private BalanceSection() {}

  /**
   * Whether rounds balance, the threshold, the options they balance with, and whether they weigh
   * the nodes' measured load.
   */
  record Balancing(boolean enabled, double threshold, BalanceOptions options, boolean load) {}

  static Balancing read(ConfigSection root) {
    double threshold = root.decimal("balanceThreshold", 0.1, 0.0, 1000.0);
    BalanceOptions byThreshold = BalanceOptions.threshold(threshold);
    if (!root.holdsMapping("balance")) {
      return new Balancing(root.bool("balance", false), threshold, byThreshold, false);
    }
    ConfigSection b = root.section("balance");
    BalanceOptions options =
        new BalanceOptions(
            b.bool("diskMoves", true),
            b.bool("instanceMoves", true),
            b.bool("evacMode", false),
            b.bool("ignoreSoftErrors", false),
            gain(b, "minGain", byThreshold.minGain(), MAX_GAIN),
            gain(b, "minGainLimit", byThreshold.minGainLimit(), MAX_GAIN_LIMIT),
            names(b, "selectInstances"),
            names(b, "excludeInstances"),
            b.bool("restrictedMigration", false),
            (int) b.integer("searchTries", 0, 0, MAX_SEARCH_TRIES));
    return new Balancing(b.bool("enabled", false), threshold, options, b.bool("load", false));
  }

  /** A gain or gain limit from 0 to {@code max}; empty: what the threshold gives. */
  private static double gain(ConfigSection b, String key, double byThreshold, double max) {
    String text = b.string(key, "");
    if (text.isEmpty()) {
      return byThreshold;
    }
    try {
      double value = Double.parseDouble(text);
      if (value >= 0 && value <= max) {
        return value;
      }
    } catch (NumberFormatException e) {
      // told below, as an out-of-range value is
    }
    b.problem(
        key,
        "must be a number from 0 to "
            + max
            + (key.equals("minGain")
                ? " (empty: balanceThreshold)"
                : " (empty: 10 x balanceThreshold)")
            + ", not '"
            + text
            + "'");
    return byThreshold;
  }

  /** Instance names, one per item, as hbal's options take them. */
  private static List<String> names(ConfigSection b, String key) {
    List<String> names = b.stringList(key);
    for (String name : names) {
      if (!name.matches("[^\\s,]+")) {
        b.problem(key, "must list one instance name per item, not '" + name + "'");
        return List.of();
      }
    }
    return names;
  }
}
