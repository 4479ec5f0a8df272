package org.maintd.daemon.backend.sim;

import java.nio.file.Path;
import java.time.Duration;
import org.maintd.jobtime.OperationTimes;

/**
 * The simulated cluster's settings: where its initial cluster comes from (an htools text file or a
 * directory of RAPI JSON), where nodes' diagnose files and boot ids live, how long operations take
 * (a fixed time per operation plus time per GiB copied: moves and new secondaries), how long a
 * rebooted node stays off, and the file the simulated nodes read as the master (null: none).
 */
public record SimSettings(
    Path cluster,
    Path diagnoseDir,
    Duration perOperation,
    Duration perGiB,
    Duration bootTime,
    Path masterFile) {
  public SimSettings(Path cluster, Path diagnoseDir, Duration perOperation, Duration perGiB) {
    this(cluster, diagnoseDir, perOperation, perGiB, Duration.ofSeconds(5), null);
  }

  /** Its operations' times: {@link #perOperation} each, plus {@link #perGiB} per GiB copied. */
  public OperationTimes times() {
    return OperationTimes.assumed(perOperation, perGiB);
  }
}
