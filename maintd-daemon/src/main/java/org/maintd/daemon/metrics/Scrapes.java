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
 * Between changes every scrape answers the same text, the same object. Thread-safe: one scrape at a
 * time.
 */
final class Scrapes {
  private final Supplier<String> render;
  private final List<Input<?>> inputs = new CopyOnWriteArrayList<>();
  private final AtomicLong recorded = new AtomicLong();
  private long scrape;
  private Kept kept = new Kept(List.of(), "");

  /** The inputs a scrape was made from, and its text. */
  private record Kept(List<Object> inputs, String text) {}

  /** Scrapes made by {@code render}, which reads the gauges. */
  Scrapes(Supplier<String> render) {
    this.render = render;
  }

  /** A value the gauges read, read from {@code source} once per scrape. */
  final class Input<T> implements Supplier<T> {
    private final Supplier<T> source;
    private long readIn = -1;
    private T value;

    private Input(Supplier<T> source) {
      this.source = source;
    }

    @Override
    public T get() {
      synchronized (Scrapes.this) {
        if (readIn != scrape) {
          value = source.get();
          readIn = scrape;
        }
        return value;
      }
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
  synchronized String scrape() {
    scrape++;
    List<Object> now = new ArrayList<>(inputs.size() + 1);
    now.add(recorded.get());
    for (Input<?> input : inputs) {
      now.add(input.get());
    }
    if (!now.equals(kept.inputs())) {
      kept = new Kept(now, render.get());
    }
    return kept.text();
  }
}
