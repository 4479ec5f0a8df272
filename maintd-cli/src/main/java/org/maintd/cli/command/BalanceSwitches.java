package org.maintd.cli.command;

import java.util.List;
import org.maintd.balance.BalanceOptions;
import picocli.CommandLine.Option;

/**
 * hbal's switches that decide what may move, spelled as hbal spells them, with hbal's defaults.
 * Instance lists are comma-separated, as hbal takes them.
 */
final class BalanceSwitches {
  @Option(
      names = "--no-disk-moves",
      description = "Only failovers and migrations: no move changes an instance's disks.")
  boolean noDiskMoves;

  @Option(
      names = "--no-instance-moves",
      description = "Only new secondaries: no move changes an instance's primary node.")
  boolean noInstanceMoves;

  @Option(
      names = {"-E", "--evac-mode"},
      description = "Only move instances off offline and drained nodes.")
  boolean evacMode;

  @Option(
      names = "--ignore-soft-errors",
      description = "Ignore soft restrictions (policy, N+1, exclusion tags) when moving.")
  boolean ignoreSoftErrors;

  @Option(
      names = "--restricted-migration",
      description =
          "No new primary by migrating to the secondary and back; by a new secondary and a"
              + " migration only off offline and drained nodes.")
  boolean restrictedMigration;

  @Option(
      names = {"-g", "--min-gain"},
      defaultValue = "0.01",
      description = "The least gain of a step while the score is at most --min-gain-limit.")
  double minGain;

  @Option(
      names = "--min-gain-limit",
      defaultValue = "0.1",
      description = "The score above which any gain is enough.")
  double minGainLimit;

  @Option(
      names = "--select-instances",
      paramLabel = "INSTS",
      description = "Only these instances move (comma-separated).")
  String selectInstances;

  @Option(
      names = "--exclude-instances",
      paramLabel = "INSTS",
      description = "These instances never move (comma-separated).")
  String excludeInstances;

  BalanceOptions options() {
    return new BalanceOptions(
        !noDiskMoves,
        !noInstanceMoves,
        evacMode,
        ignoreSoftErrors,
        minGain,
        minGainLimit,
        names(selectInstances),
        names(excludeInstances),
        restrictedMigration,
        0);
  }

  /** A comma-separated list as hbal splits it: nothing from an empty one, else every piece. */
  private static List<String> names(String list) {
    return list == null || list.isEmpty() ? List.of() : List.of(list.split(",", -1));
  }
}
