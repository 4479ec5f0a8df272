package org.maintd.daemon.service;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.maintd.protocol.api.PartHealth;
import org.maintd.protocol.api.Times;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A part of the daemon with an explicit life ({@link PartState}): {@link #start} runs {@link
 * #startUp} once and refuses a second start; {@link #close} runs {@link #shutDown}; {@link #failed}
 * moves it to {@code FAILED} with its cause and tells the listeners (the daemon, which then stops
 * and exits, or stands for election again). Only a failure that looks like a bug is logged here,
 * with its stack trace; the others are said once by whoever handles them. Thread-safe.
 */
public abstract class Part implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(Part.class);

  private final String name;
  private final Clock clock;
  private final List<Consumer<Part>> onFailure = new CopyOnWriteArrayList<>();
  // moved under this object's lock, read without it (every health check and scrape reads it)
  private volatile PartState state = PartState.NEW;
  private Instant since;
  private String cause = "";
  private Throwable error;

  protected Part(String name, Clock clock) {
    this.name = name;
    this.clock = clock;
    this.since = clock.instant();
  }

  public String name() {
    return name;
  }

  public PartState state() {
    return state;
  }

  /** Why it failed; empty unless {@code FAILED}. */
  public synchronized String cause() {
    return cause;
  }

  /** What it failed of; null unless {@code FAILED}. */
  public synchronized Throwable error() {
    return error;
  }

  /** {@code listener} is told when this part fails. */
  public void onFailure(Consumer<Part> listener) {
    onFailure.add(listener);
  }

  public final void start() {
    synchronized (this) {
      if (state != PartState.NEW) {
        throw new IllegalStateException(name + " is " + state + ": a part is started once");
      }
      move(PartState.STARTING);
    }
    try {
      startUp();
    } catch (RuntimeException e) {
      failed(e);
      throw e;
    }
    synchronized (this) {
      if (state == PartState.STARTING) {
        move(PartState.RUNNING);
      }
    }
  }

  @Override
  public final void close() {
    synchronized (this) {
      if (state == PartState.TERMINATED || state == PartState.STOPPING) {
        return;
      }
      if (state != PartState.FAILED) {
        move(state == PartState.NEW ? PartState.TERMINATED : PartState.STOPPING);
      }
    }
    try {
      shutDown();
    } finally {
      synchronized (this) {
        if (state == PartState.STOPPING) {
          move(PartState.TERMINATED);
        }
      }
    }
  }

  /** Moves to {@code FAILED} because of {@code error}, once; the listeners are told. */
  public final void failed(Throwable error) {
    synchronized (this) {
      if (state == PartState.FAILED || state == PartState.TERMINATED) {
        return;
      }
      cause = describe(error);
      this.error = error;
      move(PartState.FAILED);
    }
    if (isBug(error)) {
      log.error("{} failed: {}", name, cause, error);
    } else {
      log.debug("{} failed: {}", name, cause, error);
    }
    onFailure.forEach(l -> l.accept(this));
  }

  /**
   * Whether {@code error} looks like a bug, whose stack trace is logged. Any other failure (a
   * store, a backend, a configuration that cannot work) carries a message that says what went
   * wrong: whoever handles it (the daemon, or the start's caller) says it in one line.
   */
  private static boolean isBug(Throwable error) {
    return error instanceof Error
        || error instanceof NullPointerException
        || error instanceof ClassCastException
        || error instanceof IndexOutOfBoundsException
        || error instanceof ArithmeticException
        || error instanceof UnsupportedOperationException
        || error instanceof java.util.ConcurrentModificationException
        || error instanceof java.util.NoSuchElementException;
  }

  /** What it shows in {@code /1/health}. */
  public synchronized PartHealth health() {
    return new PartHealth(name, state.name(), Times.secondsOrNull(since), cause, detail());
  }

  /**
   * More about its state for {@code /1/health} (its last tick, its last error); empty by default.
   */
  protected String detail() {
    return "";
  }

  protected abstract void startUp();

  protected abstract void shutDown();

  private void move(PartState next) {
    state = next;
    since = clock.instant();
  }

  private static String describe(Throwable error) {
    String message = error.getMessage();
    return message == null || message.isBlank()
        ? error.toString()
        : (error instanceof RuntimeException
                && error.getClass().getPackageName().startsWith("org.maintd")
            ? message
            : error.getClass().getSimpleName() + ": " + message);
  }
}
