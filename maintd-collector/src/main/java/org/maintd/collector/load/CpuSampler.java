package org.maintd.collector.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.maintd.protocol.report.CpuAvgLoad;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The node's {@code cpu-avg-load}: {@code /proc/stat} read every {@code interval} into a {@link
 * CpuWindow}, as mond does; or, in a simulation, the number of busy CPUs a file holds (none: 0),
 * spread evenly over {@code cpus} CPUs. {@link #start()} starts the sampling thread, {@link
 * #close()} stops it. Thread-safe.
 */
public final class CpuSampler implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(CpuSampler.class);

  private final Path stat;
  private final Path simulated;
  private final int cpus;
  private final Duration interval;
  private final CpuWindow window;
  private final LongSupplier nanos;
  private ScheduledExecutorService thread;

  /**
   * Samples {@code stat} every {@code interval}, keeping {@code samples} of them, the clock of the
   * stat file ticking {@code ticks} times a second; with a {@code simulated} file (null: none),
   * reports what it holds instead, over {@code cpus} CPUs.
   */
  public CpuSampler(
      Path stat,
      Duration interval,
      int samples,
      long ticks,
      Path simulated,
      int cpus,
      LongSupplier nanos) {
    this.stat = stat;
    this.simulated = simulated;
    this.cpus = cpus;
    this.interval = interval;
    this.window = new CpuWindow(samples, ticks);
    this.nanos = nanos;
  }

  public synchronized void start() {
    if (simulated != null || thread != null) {
      return;
    }
    thread =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "cpu-sampler");
              t.setDaemon(true);
              return t;
            });
    thread.scheduleAtFixedRate(this::sample, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** Takes one sample now (the thread does this every interval). */
  void sample() {
    try {
      window.add(nanos.getAsLong(), ProcStat.busy(Files.readString(stat)));
    } catch (IOException | IllegalArgumentException e) {
      log.warn("cannot read the CPU load from {}: {}", stat, e.getMessage());
    }
  }

  /** The load over the window, or why there is none. */
  public Object report() {
    if (simulated != null) {
      return simulatedLoad();
    }
    CpuWindow.Average a = window.average();
    if (a instanceof CpuWindow.Load l) {
      return l.load();
    }
    if (a instanceof CpuWindow.None n) {
      return Map.of("error", n.reason());
    }
    throw new IllegalStateException("unknown average " + a);
  }

  private Object simulatedLoad() {
    double busy;
    try {
      busy = Double.parseDouble(Files.readString(simulated).strip());
    } catch (NoSuchFileException e) {
      busy = 0;
    } catch (IOException | NumberFormatException e) {
      return Map.of("error", "cannot read " + simulated + ": " + e.getMessage());
    }
    List<Double> each = new ArrayList<>(Collections.nCopies(cpus, busy / cpus));
    return new CpuAvgLoad(cpus, each, busy);
  }

  @Override
  public synchronized void close() {
    if (thread != null) {
      thread.shutdownNow();
      thread = null;
    }
  }
}
