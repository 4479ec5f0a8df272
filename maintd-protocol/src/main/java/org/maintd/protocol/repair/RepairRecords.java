package org.maintd.protocol.repair;

import java.util.List;
import java.util.Map;

/**
 * A collector's answer to {@code /1/repairs}, signed: every repair the node started, with its
 * outcome when recorded.
 */
public record RepairRecords(String node, List<Entry> repairs) {

  /**
   * One repair: the incident, the command, the diagnose object it was given, when it started, how
   * it ended (null: not recorded); or, when its record cannot be read, the file and why ({@code
   * unreadable}, null for a record read whole), with what could be read.
   */
  public record Entry(
      String incident,
      String command,
      Map<String, Object> original,
      String started,
      RepairResult outcome,
      String unreadable) {

    /** A record read whole. */
    public Entry(
        String incident,
        String command,
        Map<String, Object> original,
        String started,
        RepairResult outcome) {
      this(incident, command, original, started, outcome, null);
    }
  }
}
