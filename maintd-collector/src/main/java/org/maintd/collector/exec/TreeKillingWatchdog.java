package org.maintd.collector.exec;

import java.time.Duration;
import org.apache.commons.exec.ExecuteWatchdog;
import org.apache.commons.exec.Watchdog;

/**
 * A watchdog that, when the time limit is reached, kills the command's whole process tree, not
 * only the command: a shell script's children (a hanging {@code sleep}, say) would otherwise keep
 * the output pipe open and outlive the collector's patience. Thread-safe as its parent.
 */
final class TreeKillingWatchdog extends ExecuteWatchdog {
  private Process process;

  @SuppressWarnings("deprecation")
  TreeKillingWatchdog(Duration timeout) {
    super(timeout.toMillis());
  }

  @Override
  public synchronized void start(Process processToMonitor) {
    this.process = processToMonitor;
    super.start(processToMonitor);
  }

  @Override
  public synchronized void timeoutOccured(Watchdog w) {
    if (process != null) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
    }
    super.timeoutOccured(w);
  }
}
