package org.maintd.round;

import java.util.Map;
import org.maintd.maintenance.Consent;

/**
 * What the daemon's consent commands answered since the last tick, by instance, and whether any
 * consent command is there to be asked ({@code asking}: an instance on a draining node that has not
 * answered then waits for its answer before it moves).
 */
public record ConsentPoll(boolean asking, Map<String, Consent> answers) {
  public ConsentPoll {
    answers = Sorted.copy(answers);
  }

  /** No consent command: only the instances' decline tags count. */
  public static ConsentPoll none() {
    return new ConsentPoll(false, Map.of());
  }
}
