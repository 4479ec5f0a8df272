package org.maintd.daemon.runner;

/**
 * The points between a step's durable write and its effects where a daemon may die: told the name
 * of each point as the runner passes it. In production a point may kill the process for a crash
 * test ({@link CrashPoint}); the simulator throws to crash the runner there.
 */
@FunctionalInterface
public interface Boundaries {
  /** After the state with new intents is stored, before anything is submitted. */
  String AFTER_INTENTS = "after-intents";

  /** The same, when one of the jobs reboots a node. */
  String AFTER_REBOOT_INTENTS = "after-reboot-intents";

  /** After the effects are carried out, before their outcomes are stored. */
  String AFTER_SUBMIT = "after-submit";

  /** The same, when one of the jobs reboots a node. */
  String AFTER_REBOOT_SUBMITTED = "after-reboot-submitted";

  /** Between two effects. */
  String BETWEEN_EFFECTS = "between-effects";

  /** In a tag effect, after its tags are added and before its others are removed. */
  String MID_TAG = "mid-tag";

  void reached(String point);

  /** No point does anything. */
  static Boundaries none() {
    return point -> {};
  }
}
