package org.maintd.daemon.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Scrapes made again only when what they show may have changed: a meter recorded something (a
 * step's view, a poll, a tick: {@link #recorded}), or a value the gauges read besides the meters
 * (the daemon's health, who leads, the alert interlock, the store's denials: each an {@link
 * #input}) reads differently now. Each input is read once per scrape, however many gauges show it.
 * Between changes every scrape answers the same text, the same object, without waiting for another
 * scrape: only a scrape that renders anew takes the lock. Thread-safe.
 */
final class Scrapes {
  private final Supplier<String> render;
  private final List<Input<?>> inputs = new CopyOnWriteArrayList<>();
  private final AtomicLong recorded = new AtomicLong();
  private volatile Kept kept = new Kept(List.of(), "");

  /** The inputs a scrape was made from, and its text. */
  private record Kept(List<Object> inputs, String text) {}

  /** Scrapes made by {@code render}, which reads the gauges. */
  Scrapes(Supplier<String> render) {
    this.render = render;
  }

  /**
   * A value the gauges read: as its source gave it to the scrape being rendered (or, before the
   * first, as the source gives it now).
   */
  static final class Input<T> implements Supplier<T> {
    private final Supplier<T> source;
    private volatile boolean shown;
    private volatile T value;

    private Input(Supplier<T> source) {
      this.source = source;
    }

    private T read() {
      return source.get();
    }

    @SuppressWarnings("unchecked")
    private void show(Object v) {
      value = (T) v;
      shown = true;
    }

    @Override
    public T get() {
      return shown ? value : source.get();
    }
  }

  /** {@code source} as the gauges read it: once per scrape, and a change of it makes a new one. */
  <T> Supplier<T> input(Supplier<T> source) {
    Input<T> input = new Input<>(source);
    inputs.add(input);
    return input;
  }

  /** Something the meters show was recorded: the next scrape is made afresh. */
  void recorded() {
    recorded.incrementAndGet();
  }

  /** The metrics' text: the last one when nothing it shows has changed since. */
  String scrape() {
    List<Input<?>> each = List.copyOf(inputs);
    List<Object> now = new ArrayList<>(each.size() + 1);
    now.add(recorded.get());
    for (Input<?> input : each) {
      now.add(input.read());
    }
    Kept k = kept;
    if (now.equals(k.inputs())) {
      return k.text();
    }
    synchronized (this) {
      k = kept;
      if (now.equals(k.inputs())) {
        // another scrape rendered what this one would have, meanwhile
        return k.text();
      }
      for (int i = 0; i < each.size(); i++) {
        each.get(i).show(now.get(i + 1));
      }
      k = new Kept(now, render.get());
      kept = k;
      return k.text();
    }
  }
}
