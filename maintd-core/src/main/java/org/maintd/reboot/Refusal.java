package org.maintd.reboot;

/**
 * Why a request or a release was refused, each kind with its sentence naming the rule: bad input,
 * no such node or key, or a conflict with the state.
 */
public record Refusal(Kind kind, String message) {
  /** The kinds of refusal, as the API answers them (400, 404, 409). */
  public enum Kind {
    BAD_REQUEST,
    NOT_FOUND,
    CONFLICT
  }
}
