package org.maintd.guard;

/** An alert Prometheus reports as active: its name, and whether it fires or is still pending. */
public record Alert(String name, boolean firing) {
  public Alert {
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException("an alert needs a name");
    }
  }
}
