package org.maintd.wait;

import java.util.Arrays;
import java.util.List;

/**
 * The kinds of {@link WaitReason}, in the order the metrics list them: each with its name on the
 * wire (a field of {@code /1/plan}, a label of the waits metric) and the family of reasons that
 * have it. Every reason names its kind ({@link WaitReason#waitKind}), so a new reason cannot go
 * without one; the lists of names are derived from here. Immutable, so thread-safe.
 */
public enum WaitKind {
  JOBS_RUNNING("jobs-running", RoundHold.class),
  PAUSED("paused", RoundHold.class),
  ROUND_DELAY("round-delay", RoundHold.class),
  NOT_PLANNED("not-planned", RoundHold.class),
  CAP("cap", CapacityWait.class),
  NO_ROOM("no-room", CapacityWait.class),
  TARGET("target", CapacityWait.class),
  BUSY("busy", OtherWorkFirst.class),
  NODE_MISSING("node-missing", NotReady.class),
  MASTER("master", NotReady.class),
  INCIDENT("incident", OtherWorkFirst.class),
  CAMPAIGN("campaign", OtherWorkFirst.class),
  INSTANCE("instance", NotReady.class),
  DECLINED("declined", ScheduleWait.class),
  CONSENT("consent", ScheduleWait.class),
  WINDOW("window", ScheduleWait.class),
  NOT_OK("not-ok", NotReady.class),
  ALLOWED_HOURS("allowed-hours", PlannedWorkHold.class),
  ALERT("alert", PlannedWorkHold.class),
  ALERT_UNKNOWN("alert-unknown", PlannedWorkHold.class);

  private final String wireName;
  private final Class<? extends WaitReason> family;

  WaitKind(String wireName, Class<? extends WaitReason> family) {
    this.wireName = wireName;
    this.family = family;
  }

  /** The name {@code /1/plan} and the metrics give it. */
  public String wireName() {
    return wireName;
  }

  /** The family of the reasons of this kind. */
  public Class<? extends WaitReason> family() {
    return family;
  }

  /** The names of every kind, in order. */
  public static List<String> wireNames() {
    return Arrays.stream(values()).map(WaitKind::wireName).toList();
  }

  /** The names of the kinds of the reasons of {@code family}, in order. */
  public static List<String> wireNamesOf(Class<? extends WaitReason> family) {
    return Arrays.stream(values()).filter(k -> k.family == family).map(WaitKind::wireName).toList();
  }
}
