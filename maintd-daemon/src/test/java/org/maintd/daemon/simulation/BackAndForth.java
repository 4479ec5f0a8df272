package org.maintd.daemon.simulation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The balancing moves of each instance since the last disturbance (a fault, an operator's command,
 * any job that is no balancing move): where the instance was when each move was submitted. An
 * instance moved from A to B and then from B back to A has gone back and forth once; more than
 * twice without a disturbance in between means that balancing does not settle. Not thread-safe.
 */
final class BackAndForth {
  /** How often an instance may go back and forth without a disturbance. */
  static final int ALLOWED = 2;

  private final Map<String, List<String>> from = new HashMap<>();

  /** Something changed that may make a move worth undoing. */
  void disturbed() {
    from.clear();
  }

  /**
   * A balancing move of {@code instance} submitted while it was on {@code placement} ({@code
   * primary:secondary}); a violation once it has gone back and forth more than {@link #ALLOWED}
   * times.
   */
  Optional<String> moved(String instance, String placement) {
    List<String> seen = from.computeIfAbsent(instance, k -> new ArrayList<>());
    seen.add(placement);
    int back = 0;
    for (int k = 2; k < seen.size(); k++) {
      back += seen.get(k).equals(seen.get(k - 2)) ? 1 : 0;
    }
    return back > ALLOWED
        ? Optional.of(
            "balancing moved "
                + instance
                + " back and forth "
                + back
                + " times with nothing changed in between: from "
                + String.join(", then ", seen))
        : Optional.empty();
  }
}
