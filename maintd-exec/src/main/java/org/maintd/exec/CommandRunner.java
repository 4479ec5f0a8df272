package org.maintd.exec;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.commons.exec.CommandLine;
import org.apache.commons.exec.DefaultExecutor;
import org.apache.commons.exec.ExecuteException;
import org.apache.commons.exec.PumpStreamHandler;

/**
 * Runs whitelisted commands: no arguments, an empty environment, working directory {@code /}, the
 * given stdin, a time limit and a cap on captured output; each in a session of its own, killed
 * whole when the command ends or runs out of time, so that nothing it started is left behind. One
 * command at a time per runner (the node's lock); a caller that cannot get the lock within its time
 * limit gets an error. Thread-safe.
 */
public final class CommandRunner {
  private static final Duration STREAM_GRACE = Duration.ofSeconds(2);

  private final ReentrantLock lock = new ReentrantLock();
  private final int outputLimit;

  public CommandRunner(int outputLimit) {
    this.outputLimit = outputLimit;
  }

  public CommandResult run(Path command, byte[] stdin, Duration timeout) throws IOException {
    try {
      if (!lock.tryLock(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        throw new IOException("another command is still running on this node");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while waiting for the node's command lock", e);
    }
    try {
      return execute(command, stdin, timeout);
    } finally {
      lock.unlock();
    }
  }

  private CommandResult execute(Path command, byte[] stdin, Duration timeout) throws IOException {
    CappedOutputStream out = new CappedOutputStream(outputLimit);
    CappedOutputStream err = new CappedOutputStream(4096);
    PumpStreamHandler streams = new PumpStreamHandler(out, err, new ByteArrayInputStream(stdin));
    streams.setStopTimeout(STREAM_GRACE);
    TreeKillingWatchdog watchdog = new TreeKillingWatchdog(timeout);
    DefaultExecutor executor = DefaultExecutor.builder().setWorkingDirectory(new File("/")).get();
    executor.setStreamHandler(streams);
    executor.setWatchdog(watchdog);
    executor.setExitValues(null);
    int exit;
    try {
      exit = executor.execute(commandLine(command), Map.of());
    } catch (ExecuteException e) {
      if (!watchdog.killedProcess()) {
        throw e;
      }
      exit = -1;
    }
    return new CommandResult(
        exit,
        out.bytes(),
        new String(err.bytes(), StandardCharsets.UTF_8),
        watchdog.killedProcess(),
        out.over());
  }

  /** The command, in a session of its own when the system can do that (see {@link Sessions}). */
  private static CommandLine commandLine(Path command) {
    Optional<Path> setsid = Sessions.setsid();
    if (setsid.isEmpty()) {
      return new CommandLine(command.toFile());
    }
    return new CommandLine(setsid.get().toFile()).addArgument(command.toString(), false);
  }
}
