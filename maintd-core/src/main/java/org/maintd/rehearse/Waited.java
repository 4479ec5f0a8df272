package org.maintd.rehearse;

import java.time.Duration;
import java.time.Instant;

/**
 * Something that waited in a rehearsal: {@code what} (the round, planned work, an incident, an item
 * of the plan), the kind of what it waited for ({@code /1/plan}'s names) and the plan's words, from
 * when to when, and whether it {@code still} waited when the rehearsal ended. Immutable.
 */
public record Waited(
    String what, String kind, String text, Instant from, Instant until, boolean still) {
  /** How long it waited. */
  public Duration took() {
    return Duration.between(from, until);
  }
}
