package org.maintd.round;

/**
 * Why an operator command was refused: the request is wrong, names something unknown, or conflicts
 * with the state.
 */
public enum Refusal {
  BAD_REQUEST,
  NOT_FOUND,
  CONFLICT
}
