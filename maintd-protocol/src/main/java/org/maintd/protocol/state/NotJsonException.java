package org.maintd.protocol.state;

/**
 * A state file that is not JSON text at all: empty, bytes that are not UTF-8, or text that breaks
 * JSON's syntax; {@link #detail()} says what and where. Immutable.
 */
public final class NotJsonException extends IllegalArgumentException {
  private final String detail;

  NotJsonException(String detail) {
    super("not valid JSON: " + detail);
    this.detail = detail;
  }

  /** What the parser found, and where: {@code Invalid UTF-8 start byte 0x8f (at byte 3)}. */
  public String detail() {
    return detail;
  }
}
