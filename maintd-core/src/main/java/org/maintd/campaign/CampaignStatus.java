package org.maintd.campaign;

/**
 * Where a campaign stands. {@code ABORTING} and {@code FAILING}: nothing further is rebooted, and
 * the nodes of the current group that are fine are brought back; then {@code ABORTED} or {@code
 * FAILED}.
 */
public enum CampaignStatus {
  RUNNING,
  PAUSED,
  ABORTING,
  FAILING,
  COMPLETED,
  ABORTED,
  FAILED;

  public String wireName() {
    return name().toLowerCase();
  }

  public boolean isActive() {
    return this == RUNNING || this == PAUSED || isStopping();
  }

  public boolean isStopping() {
    return this == ABORTING || this == FAILING;
  }
}
