package org.maintd.daemon.backend.sim;

import java.nio.file.Path;
import java.time.Duration;

/**
 * The simulated cluster's settings: where its initial cluster comes from (an htools text file or
 * a directory of RAPI JSON), where nodes' diagnose files live, and how long operations take: a
 * fixed time per operation plus time per GiB copied (moves and new secondaries).
 */
public record SimSettings(Path cluster, Path diagnoseDir, Duration perOperation, Duration perGiB) {}
