package org.maintd.daemon.app;

import java.util.List;
import org.maintd.daemon.runner.Commands;
import org.maintd.daemon.runner.RoundRunner;
import org.maintd.daemon.runner.RunnerPart;
import org.maintd.daemon.service.Part;
import org.maintd.daemon.store.StorePart;

/**
 * The leader's work: its store, its runner ticking, and where commands go. Opened when the daemon
 * comes to lead, closed when it stops leading: the runner first (the step under way finishes and
 * submits nothing more), then what it notified ({@code standDown}), then the store.
 */
record Work(
    StorePart store,
    RunnerPart runnerPart,
    RoundRunner runner,
    Commands commands,
    Runnable standDown)
    implements AutoCloseable {

  List<Part> parts() {
    return List.of(store, runnerPart);
  }

  boolean owns(Part part) {
    return part == store || part == runnerPart;
  }

  @Override
  public void close() {
    try {
      runnerPart.close();
      standDown.run();
    } finally {
      store.close();
    }
  }
}
