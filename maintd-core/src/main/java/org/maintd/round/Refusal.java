package org.maintd.round;

/**
 * Why an operator command was refused: the request is wrong, names something unknown, conflicts
 * with the state, or was made from a version of it that is no longer current ({@code STALE}).
 */
public enum Refusal {
  BAD_REQUEST,
  NOT_FOUND,
  CONFLICT,
  STALE
}
