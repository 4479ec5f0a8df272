package org.maintd.health;

import java.util.List;

/** A job instance health asks for, on one instance. */
public sealed interface Duty {
  String instance();

  /** The reason trail's text. */
  String reason();

  /** Start an {@code ERROR_down} instance: attempt {@code attempt} of {@code maxTries}. */
  record Start(String instance, String primary, String secondary, int attempt, int maxTries)
      implements Duty {
    @Override
    public String reason() {
      return "Restarting instance " + instance + " (attempt #" + attempt + " of " + maxTries + ")";
    }
  }

  /** Shut down an instance shut down from inside, its admin state source {@code user}. */
  record Shutdown(String instance, String primary, int attempt) implements Duty {
    @Override
    public String reason() {
      return "Cleaning up instance " + instance + " (shut down by the user)";
    }
  }

  /** Activate the disks of an instance, {@code because} its secondary rebooted or verify-disks. */
  record ActivateDisks(String instance, String primary, String secondary, String because)
      implements Duty {
    @Override
    public String reason() {
      return "Activating disks for instance " + instance + ": " + because;
    }

    public List<String> nodes() {
      return secondary.isEmpty() ? List.of(primary) : List.of(primary, secondary);
    }
  }
}
