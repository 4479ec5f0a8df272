package org.maintd.protocol.api;

import java.util.List;
import org.maintd.job.JobIds;

/**
 * Ganeti's job ids are numbers; maintd's own work (a repair a node's collector runs, {@code
 * repair:<key>}) has ids that are not. An id may name several of Ganeti's jobs ({@code 100+101}:
 * one per RAPI call of an operation, {@link JobIds}). The Ganeti-compatible reads list every job
 * number, one by one, as numbers. Stateless.
 */
public final class JobNumbers {
  private JobNumbers() {}

  /** Whether {@code id} is a Ganeti job number. */
  public static boolean isJobNumber(String id) {
    return !id.isEmpty() && id.length() < 19 && id.chars().allMatch(c -> c >= '0' && c <= '9');
  }

  /** The Ganeti job numbers that {@code ids} name, each one, in order. */
  public static List<Long> of(List<String> ids) {
    return JobIds.each(ids).stream().filter(JobNumbers::isJobNumber).map(Long::parseLong).toList();
  }

  /** The ids among {@code ids} that name no Ganeti job, in order. */
  public static List<String> others(List<String> ids) {
    return JobIds.each(ids).stream().filter(id -> !isJobNumber(id)).toList();
  }
}
