package org.maintd.daemon.http;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.maintd.daemon.runner.DaemonView;

/**
 * What is made from the latest published view, made once: kept for as long as that view is the
 * latest (compared by identity), so that every page of a list read from one view shares one list;
 * requests that come while it is being made wait for it rather than make it again. Thread-safe.
 */
public final class ViewMemo<T> {
  private final Function<DaemonView, T> make;
  private final AtomicReference<Made> last = new AtomicReference<>();

  public ViewMemo(Function<DaemonView, T> make) {
    this.make = make;
  }

  /** What one view makes, made by the first request that asks for it. */
  private final class Made {
    private final DaemonView view;
    private boolean made;
    private T value;

    Made(DaemonView view) {
      this.view = view;
    }

    synchronized T value() {
      if (!made) {
        value = make.apply(view);
        made = true;
      }
      return value;
    }
  }

  public T of(DaemonView view) {
    Made m = last.get();
    if (m == null || m.view != view) {
      Made fresh = new Made(view);
      m = last.compareAndSet(m, fresh) ? fresh : last.get();
      if (m.view != view) {
        // another request moved to an even newer view meanwhile: made without keeping
        return make.apply(view);
      }
    }
    return m.value();
  }
}
