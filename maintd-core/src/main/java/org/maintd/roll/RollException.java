package org.maintd.roll;

import java.util.List;

/**
 * Reboot groups cannot be planned; the message says why, in hroller's words. {@code warnings} are
 * those found before the failure, for the operator.
 */
public final class RollException extends RuntimeException {
  private final List<String> warnings;

  public RollException(String message) {
    this(message, List.of());
  }

  public RollException(String message, List<String> warnings) {
    super(message);
    this.warnings = List.copyOf(warnings);
  }

  public List<String> warnings() {
    return warnings;
  }
}
