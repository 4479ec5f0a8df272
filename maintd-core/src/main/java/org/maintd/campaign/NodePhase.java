package org.maintd.campaign;

/**
 * A node's way through a campaign: waiting for its group; the master role moved away (master only);
 * drained; emptied; rebooted; booting (waiting for the node and its collector to come back with a
 * new boot id); soaking (reporting {@code Ok} for the soak time); undrained; instances moved back
 * home; done. {@code SKIPPED}: left out (the campaign stopped before its reboot).
 */
public enum NodePhase {
  WAITING,
  MASTER_FAILOVER,
  DRAIN,
  EVACUATE,
  REBOOT,
  BOOT,
  SOAK,
  UNDRAIN,
  RETURN,
  DONE,
  SKIPPED;

  public String wireName() {
    return name().toLowerCase().replace('_', '-');
  }

  /** Rebooted already, or on the way back: a stop no longer skips it. */
  public boolean rebooted() {
    return this == BOOT || this == SOAK || this == UNDRAIN || this == RETURN || this == DONE;
  }
}
