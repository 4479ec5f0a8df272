package org.maintd.round;

import java.util.List;
import java.util.UUID;
import org.maintd.incident.Incident;

/** What commands answer besides incidents and campaigns. */
public final class Answers {
  private Answers() {}

  /** An incident's outcome tag removed from its node. */
  public record Acknowledged(Incident incident, String removedTag) {}

  /** Whether automatic actions are paused now, and why. */
  public record Paused(boolean paused, String reason) {}

  /**
   * A machine put back in service: the job that does it, and the incidents canceled to force it.
   */
  public record BroughtUp(String node, String job, List<UUID> canceled) {}
}
