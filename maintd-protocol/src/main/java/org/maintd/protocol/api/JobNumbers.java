package org.maintd.protocol.api;

import java.util.List;

/**
 * Ganeti's job ids are numbers; maintd's own work (a repair a node's collector runs, {@code
 * repair:<key>}) has ids that are not. The Ganeti-compatible reads list the numbers, as numbers.
 * Stateless.
 */
public final class JobNumbers {
  private JobNumbers() {}

  /** Whether {@code id} is a Ganeti job number. */
  public static boolean isJobNumber(String id) {
    return !id.isEmpty() && id.length() < 19 && id.chars().allMatch(c -> c >= '0' && c <= '9');
  }

  /** The Ganeti job numbers among {@code ids}, in order. */
  public static List<Long> of(List<String> ids) {
    return ids.stream().filter(JobNumbers::isJobNumber).map(Long::parseLong).toList();
  }

  /** The ids among {@code ids} that are not Ganeti job numbers, in order. */
  public static List<String> others(List<String> ids) {
    return ids.stream().filter(id -> !isJobNumber(id)).toList();
  }
}
