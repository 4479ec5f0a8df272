package org.maintd.campaign;

/**
 * How a node of a campaign was last rebooted: {@code SOFT}, by the node itself; {@code HARD_DUE},
 * the soft reboot failed or the node did not come back in time, and a hard reboot through the
 * cluster's power control is due; {@code HARD}, power-cycled through the cluster; {@code REFUSED},
 * the node's collector refused the soft reboot, so the node was not rebooted.
 */
public enum RebootKind {
  SOFT,
  HARD_DUE,
  HARD,
  REFUSED
}
