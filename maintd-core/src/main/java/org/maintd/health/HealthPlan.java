package org.maintd.health;

import java.util.List;

/**
 * What instance health decides in one round: its duties (jobs), what it says of each instance it
 * looked at, the lines for the log (the give-ups among them, as errors), and the state to keep when
 * the round starts.
 */
public record HealthPlan(
    List<Duty> duties, List<HealthNote> notes, List<HealthEvent> events, InstanceHealth next) {
  public HealthPlan {
    duties = List.copyOf(duties);
    notes = List.copyOf(notes);
    events = List.copyOf(events);
  }

  /** A line for the log; {@code error} for a give-up. */
  public record HealthEvent(boolean error, String text) {}
}
