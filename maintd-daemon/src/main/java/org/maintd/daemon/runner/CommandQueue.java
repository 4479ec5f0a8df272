package org.maintd.daemon.runner;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.maintd.round.Command;

/**
 * Operator commands waiting for the runner's next command step, each with the future its answer
 * completes. A command withdrawn before the runner took it is never applied. Thread-safe.
 */
final class CommandQueue {
  /** A command and its answer to come. */
  record Pending<R>(Command<R> command, CompletableFuture<R> answer) {}

  private final List<Pending<?>> waiting = new ArrayList<>();

  synchronized <R> Pending<R> offer(Command<R> command) {
    Pending<R> p = new Pending<>(command, new CompletableFuture<>());
    waiting.add(p);
    return p;
  }

  /** Takes every waiting command, in the order given. */
  synchronized List<Pending<?>> take() {
    List<Pending<?>> taken = List.copyOf(waiting);
    waiting.clear();
    return taken;
  }

  /**
   * Withdraws {@code p} if the runner has not taken it yet; false when it is being (or was)
   * applied.
   */
  synchronized boolean withdraw(Pending<?> p) {
    return waiting.remove(p);
  }
}
