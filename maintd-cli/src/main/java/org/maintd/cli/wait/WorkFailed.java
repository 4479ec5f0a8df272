package org.maintd.cli.wait;

/**
 * The work waited for failed (a job, a campaign, a reboot request): maintctl exits with 1, its
 * message the work's own.
 */
public final class WorkFailed extends RuntimeException {
  public WorkFailed(String message) {
    super(message);
  }
}
