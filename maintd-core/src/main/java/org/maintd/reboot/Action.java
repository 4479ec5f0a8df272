package org.maintd.reboot;

/** What a node's cycle asks the round to do this pass, each one job. A closed set. */
public sealed interface Action {
  /** Drain the node (it counts against the safety caps from now). */
  record Drain() implements Action {}

  /** Move its primary instances off. */
  record Evacuate() implements Action {}

  /** Move the master role to a master candidate. */
  record FailoverMaster() implements Action {}

  /** Reboot it: off and on again in one. */
  record Reboot(RebootMode mode) implements Action {}

  /** Power it off, to stay off until powered on. */
  record PowerOff(RebootMode mode) implements Action {}

  /** Power it on. */
  record PowerOn() implements Action {}

  /** Set its offline flag ({@code offline} true) or clear it. */
  record SetOffline(boolean offline) implements Action {}

  /** Clear its drained flag. */
  record Undrain() implements Action {}
}
