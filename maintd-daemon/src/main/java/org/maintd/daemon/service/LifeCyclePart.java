package org.maintd.daemon.service;

import java.time.Clock;
import org.eclipse.jetty.util.component.LifeCycle;

/**
 * A Jetty component (a server, a client) as a part of the daemon: started when the part starts,
 * stopped when it stops. A component that cannot start or stop throws an {@link
 * IllegalStateException} that names it ({@code what}) and says why. Thread-safe.
 */
public abstract class LifeCyclePart extends Part {
  private final LifeCycle component;
  private final String what;

  protected LifeCyclePart(String name, String what, LifeCycle component, Clock clock) {
    super(name, clock);
    this.component = component;
    this.what = what;
  }

  @Override
  protected void startUp() {
    run("start", component::start);
  }

  @Override
  protected void shutDown() {
    run("stop", component::stop);
  }

  private void run(String verb, Step step) {
    try {
      step.run();
    } catch (Exception e) {
      throw new IllegalStateException("cannot " + verb + " " + what + ": " + e.getMessage(), e);
    }
  }

  /** A component's start or stop. */
  @FunctionalInterface
  private interface Step {
    void run() throws Exception;
  }
}
