package org.maintd.collector.repair;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether the results directory takes claims, as the last one told: one WARN line when it stops
 * (the disk full or read-only), one INFO line when it takes them again, never one per request.
 * Thread-safe.
 */
final class ResultsDisk {
  private static final Logger log = LoggerFactory.getLogger(ResultsDisk.class);

  private final Path dir;
  private final AtomicReference<String> refusing = new AtomicReference<>("");

  ResultsDisk(Path dir) {
    this.dir = dir;
  }

  /**
   * Reading ({@code how}: {@code "read"}) or writing ({@code "written"}) a claim failed with {@code
   * e}: the refusal to answer, said once while it lasts.
   */
  ResultsUnwritable refused(String how, IOException e) {
    String reason =
        e instanceof FileSystemException f && f.getReason() != null
            ? f.getReason()
            : String.valueOf(e.getMessage());
    if (refusing.getAndSet(reason).isEmpty()) {
      log.warn(
          "repair results in {} cannot be {}: {}; no repair runs until they can", dir, how, reason);
    }
    return new ResultsUnwritable(dir, how, reason, e);
  }

  /** A claim was written. */
  void took() {
    String was = refusing.getAndSet("");
    if (!was.isEmpty()) {
      log.info("repair results in {} can be used again (they could not: {})", dir, was);
    }
  }
}
