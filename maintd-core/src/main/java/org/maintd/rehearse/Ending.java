package org.maintd.rehearse;

/** How a rehearsal ended, with the sentence that says so. A closed set. Immutable. */
public sealed interface Ending {
  /** What the ending says. */
  String text();

  /** The name of the ending on the wire: {@code done}, {@code stuck} or {@code out-of-steps}. */
  String kind();

  /** The work is done. */
  record Done(String text) implements Ending {
    @Override
    public String kind() {
      return "done";
    }
  }

  /** Nothing more can happen: nothing runs, nothing changes, and nothing waits for a time. */
  record Stuck(String text) implements Ending {
    @Override
    public String kind() {
      return "stuck";
    }
  }

  /** The play reached its bound of ticks before either. */
  record OutOfSteps(String text) implements Ending {
    @Override
    public String kind() {
      return "out-of-steps";
    }
  }
}
