package org.maintd.round;

import org.maintd.spi.MaintdState;

/** Everything a step starts from: the stored state, and what is remembered without being stored. */
public record RoundState(MaintdState stored, Memory memory) {
  public static RoundState of(MaintdState stored) {
    return new RoundState(stored, Memory.empty());
  }
}
