package org.maintd.daemon.http;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.maintd.daemon.runner.DaemonView;

/**
 * What is made from the latest published view, made once: kept for as long as that view is the
 * latest (compared by identity), so that every page of a list read from one view shares one list.
 * Thread-safe (two requests that see a new view at once may both make it; one is kept).
 */
final class ViewMemo<T> {
  private record Made<T>(DaemonView view, T value) {}

  private final Function<DaemonView, T> make;
  private final AtomicReference<Made<T>> last = new AtomicReference<>();

  ViewMemo(Function<DaemonView, T> make) {
    this.make = make;
  }

  T of(DaemonView view) {
    Made<T> m = last.get();
    if (m != null && m.view() == view) {
      return m.value();
    }
    Made<T> fresh = new Made<>(view, make.apply(view));
    last.set(fresh);
    return fresh.value();
  }
}
