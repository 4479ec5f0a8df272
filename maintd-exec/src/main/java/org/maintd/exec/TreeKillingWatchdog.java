package org.maintd.exec;

import java.time.Duration;
import java.util.List;
import org.apache.commons.exec.ExecuteWatchdog;
import org.apache.commons.exec.Watchdog;

/**
 * A watchdog that kills the command's whole session, not only the command: when the time limit is
 * reached, and when the command ends by itself (before its output is collected). A shell script's
 * children (a hanging {@code sleep}, a process left in the background) would otherwise keep the
 * output pipe open, outlive the collector's patience, and pile up one per run. Thread-safe as its
 * parent.
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
    List<ProcessHandle> children = process == null ? List.of() : process.descendants().toList();
    super.timeoutOccured(w);
    children.forEach(ProcessHandle::destroyForcibly);
    if (process != null) {
      Sessions.kill(process);
    }
  }

  /** Called once the command has ended, before its output streams are drained. */
  @Override
  public synchronized void stop() {
    if (process != null) {
      Sessions.kill(process);
    }
    super.stop();
  }
}
