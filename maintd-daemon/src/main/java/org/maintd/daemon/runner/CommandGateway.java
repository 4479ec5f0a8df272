package org.maintd.daemon.runner;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.maintd.round.Command;

/**
 * How an operator's command reaches the runner: queued, applied by the runner's next command step
 * (run on the runner's own thread, after the tick in progress), and answered after it. A command
 * the runner has not taken within {@code answerWait} is withdrawn and never applied. Thread-safe.
 */
public record CommandGateway(RoundRunner runner, Executor runnerThread, Duration answerWait)
    implements Commands {

  @Override
  public <R> R apply(Command<R> command) {
    CommandQueue.Pending<R> p = runner.queue().offer(command);
    try {
      runnerThread.execute(runner::runCommands);
    } catch (RejectedExecutionException e) {
      runner.queue().withdraw(p);
      throw new Busy("the daemon's runner has stopped; nothing was changed (see /1/health)");
    }
    try {
      try {
        return p.answer().get(answerWait.toMillis(), TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        if (runner.queue().withdraw(p)) {
          throw new Busy(
              "the daemon is busy with a round and did not take the command within "
                  + answerWait.toSeconds()
                  + " s; nothing was changed, try again");
        }
        return p.answer().get();
      }
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException r
          ? r
          : new IllegalStateException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      runner.queue().withdraw(p);
      throw new Busy("interrupted while waiting for the daemon to apply the command");
    }
  }
}
