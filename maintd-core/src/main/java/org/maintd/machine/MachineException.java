package org.maintd.machine;

/** A machine command that cannot be carried out, with the reason. */
public final class MachineException extends RuntimeException {
  /** Why: the request is wrong (400), names an unknown machine (404), or conflicts (409). */
  public enum Kind {
    BAD_REQUEST,
    NOT_FOUND,
    CONFLICT
  }

  private final Kind kind;

  public MachineException(Kind kind, String message) {
    super(message);
    this.kind = kind;
  }

  public Kind kind() {
    return kind;
  }
}
