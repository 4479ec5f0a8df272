package org.maintd.daemon.app;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.maintd.daemon.service.Part;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The daemon's parts in the order they started: each failure told, all stopped in reverse. */
final class Parts {
  private static final Logger log = LoggerFactory.getLogger(Parts.class);

  // read on every health check and scrape, changed only while the daemon starts
  private final List<Part> started = new CopyOnWriteArrayList<>();

  /**
   * Starts {@code part}, translating a refusal into the exit code it means (see {@link Startup}).
   */
  <P extends Part> P begin(P part) {
    started.add(part);
    Startup.start(part);
    return part;
  }

  List<Part> snapshot() {
    return new ArrayList<>(started);
  }

  /** {@code listener} is told when any part started so far fails. */
  void onFailure(Consumer<Part> listener) {
    snapshot().forEach(p -> p.onFailure(listener));
  }

  /** Stops every part, the last started first; one that fails to stop does not stop the others. */
  void close() {
    List<Part> stopping = snapshot();
    Collections.reverse(stopping);
    for (Part p : stopping) {
      try {
        p.close();
      } catch (RuntimeException e) {
        log.warn("stopping {}: {}", p.name(), e.getMessage());
      }
    }
  }
}
