package org.maintd.daemon.leader;

import java.time.Clock;
import org.maintd.daemon.service.Part;

/**
 * An election that is itself the daemon's {@code leadership} part, and tells the one {@link
 * Listener} it was given. Thread-safe.
 */
public abstract class ElectionPart extends Part implements Election {
  private volatile Listener listener;

  protected ElectionPart(Clock clock) {
    super("leadership", clock);
  }

  @Override
  public final Part part() {
    return this;
  }

  @Override
  public final void listen(Listener l) {
    this.listener = l;
  }

  /** Who is told when this daemon is elected or deposed. */
  protected final Listener listener() {
    return listener;
  }
}
