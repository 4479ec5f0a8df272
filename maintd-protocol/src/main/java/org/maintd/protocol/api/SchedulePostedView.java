package org.maintd.protocol.api;

import java.util.List;
import org.maintd.maintenance.Schedule;

/**
 * The answer to {@code POST /1/maintenance/schedule}: the schedule as stored (Mesos' shape), what
 * it warns of (hostnames that are no node of the cluster: kept), the machines it dropped while they
 * were draining (undrained where maintd drained them), and those DOWN whose windows it moved later
 * ({@code delayed}: back online, drained, DRAIN until their windows).
 */
public record SchedulePostedView(
    List<ScheduleBody.WindowBody> windows,
    List<String> warnings,
    List<String> released,
    List<String> delayed) {
  public SchedulePostedView {
    delayed = delayed == null ? List.of() : delayed;
  }

  public static SchedulePostedView of(
      Schedule s, List<String> warnings, List<String> released, List<String> delayed) {
    return new SchedulePostedView(ScheduleBody.of(s).windows(), warnings, released, delayed);
  }
}
