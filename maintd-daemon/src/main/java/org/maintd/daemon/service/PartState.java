package org.maintd.daemon.service;

/**
 * Where a part of the daemon is in its life: {@code NEW → STARTING → RUNNING → STOPPING →
 * TERMINATED}, or {@code FAILED} (with its cause) from any state but {@code NEW} and {@code
 * TERMINATED}. A part is started once.
 */
public enum PartState {
  NEW,
  STARTING,
  RUNNING,
  STOPPING,
  TERMINATED,
  FAILED
}
