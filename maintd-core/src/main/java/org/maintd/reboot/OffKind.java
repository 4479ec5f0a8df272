package org.maintd.reboot;

/**
 * How a node of a cycle was taken down: {@code REBOOT}, off and on again in one (a one-shot
 * request, or a hold where the backend cannot power nodes on: the node is kept offline and drained
 * after its reboot instead); {@code POWER_OFF}, off until it is powered on (a hold with power
 * control).
 */
public enum OffKind {
  REBOOT,
  POWER_OFF
}
