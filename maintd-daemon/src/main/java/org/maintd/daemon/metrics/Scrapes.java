package org.maintd.daemon.metrics;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Scrapes made again only when what they show may have changed: a meter recorded something (a
 * step's view, a poll, a tick: {@link #recorded}), or a value the gauges read besides the meters
 * (the daemon's health, who leads, the alert interlock, the store's denials: each an {@link
 * #input}) reads differently now. Each input is read once per scrape, however many gauges show it,
 * and, with a {@code recheck} window, at most once per window however many scrapes come: a change
 * of an input shows at most that late, what the meters recorded at once. Between changes every
 * scrape answers the same text, the same object, without waiting for another scrape: only a scrape
 * that renders anew takes the lock. Thread-safe.
 */
final class Scrapes {
  private final Supplier<String> render;
  private final long recheckNanos;
  private final LongSupplier nanos;
  private final List<Input<?>> inputs = new CopyOnWriteArrayList<>();
  private final AtomicLong recorded = new AtomicLong();
  private final AtomicReference<Kept> kept = new AtomicReference<>(new Kept(List.of(), "", 0));

  /** The inputs a scrape was made from, its text, and when they were last read ({@code nanos}). */
  private record Kept(List<Object> inputs, String text, long checkedAt) {
    boolean recent(long recorded, long now, long window) {
      return !inputs.isEmpty() && inputs.get(0).equals(recorded) && now - checkedAt < window;
    }
  }

  /** Scrapes made by {@code render}, which reads the gauges; the inputs read on every scrape. */
  Scrapes(Supplier<String> render) {
    this(render, Duration.ZERO, System::nanoTime);
  }

  /**
   * Scrapes made by {@code render}, the inputs read again only once {@code recheck} has passed
   * since they were last (as {@code nanos} tells the time), or a meter recorded something.
   */
  Scrapes(Supplier<String> render, Duration recheck, LongSupplier nanos) {
    this.render = render;
    this.recheckNanos = recheck.toNanos();
    this.nanos = nanos;
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
    long at = nanos.getAsLong();
    long meters = recorded.get();
    Kept k = kept.get();
    if (k.recent(meters, at, recheckNanos)) {
      return k.text();
    }
    List<Input<?>> each = List.copyOf(inputs);
    List<Object> now = new ArrayList<>(each.size() + 1);
    now.add(meters);
    for (Input<?> input : each) {
      now.add(input.read());
    }
    if (now.equals(k.inputs())) {
      // unless a scrape that rendered anew meanwhile replaced it
      kept.compareAndSet(k, new Kept(k.inputs(), k.text(), at));
      return k.text();
    }
    synchronized (this) {
      k = kept.get();
      if (now.equals(k.inputs())) {
        // another scrape rendered what this one would have, meanwhile
        return k.text();
      }
      for (int i = 0; i < each.size(); i++) {
        each.get(i).show(now.get(i + 1));
      }
      k = new Kept(now, render.get(), at);
      kept.set(k);
      return k.text();
    }
  }
}
