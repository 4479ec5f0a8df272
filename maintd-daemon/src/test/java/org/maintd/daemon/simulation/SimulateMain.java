package org.maintd.daemon.simulation;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;
import org.slf4j.LoggerFactory;

/**
 * {@code scripts/simulate}: {@code --seeds N [--first F] [--steps K]} runs N seeds in parallel and
 * prints each failure with the command that replays it; {@code --seed S [--steps K] [--trace]}
 * replays one, with every event when traced. Exits 1 when a seed broke an invariant.
 */
public final class SimulateMain {
  private SimulateMain() {}

  public static void main(String[] args) {
    long seeds = 10_000;
    long first = 1;
    int steps = 200;
    Long one = null;
    boolean trace = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--seeds" -> seeds = Long.parseLong(args[++i]);
        case "--first" -> first = Long.parseLong(args[++i]);
        case "--steps" -> steps = Integer.parseInt(args[++i]);
        case "--seed" -> one = Long.parseLong(args[++i]);
        case "--trace" -> trace = true;
        default -> {
          System.err.println(
              "simulate: unknown option "
                  + args[i]
                  + "\nusage: simulate --seeds N [--first F] [--steps K] | --seed S [--steps K] [--trace]");
          System.exit(2);
        }
      }
    }
    ((Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME)).setLevel(Level.OFF);
    System.exit(one != null ? replay(one, steps, trace) : many(first, seeds, steps));
  }

  private static int replay(long seed, int steps, boolean trace) {
    List<String> events = new ArrayList<>();
    Simulation.Result r =
        trace ? Simulation.runTraced(seed, steps, events) : Simulation.run(seed, steps);
    events.forEach(System.out::println);
    System.out.println(SimulationReport.summary(r));
    if (!r.ok()) {
      System.out.println(SimulationReport.failure(r, steps));
    }
    return r.ok() ? 0 : 1;
  }

  private static int many(long first, long seeds, int steps) {
    long started = System.nanoTime();
    AtomicLong ticks = new AtomicLong();
    AtomicLong jobs = new AtomicLong();
    AtomicLong restarts = new AtomicLong();
    List<Simulation.Result> failed =
        LongStream.range(first, first + seeds)
            .parallel()
            .mapToObj(
                seed -> {
                  Simulation.Result r = Simulation.run(seed, steps);
                  ticks.addAndGet(r.ticks());
                  jobs.addAndGet(r.jobs());
                  restarts.addAndGet(r.restarts());
                  return r;
                })
            .filter(r -> !r.ok())
            .toList();
    double seconds = (System.nanoTime() - started) / 1e9;
    failed.forEach(r -> System.out.println(SimulationReport.failure(r, steps) + "\n"));
    System.out.printf(
        "%d seeds (%d to %d) of %d steps: %d steps, %d ticks, %d jobs, %d restarts in %.1f s; %d failed%n",
        seeds,
        first,
        first + seeds - 1,
        steps,
        seeds * steps,
        ticks.get(),
        jobs.get(),
        restarts.get(),
        seconds,
        failed.size());
    return failed.isEmpty() ? 0 : 1;
  }
}
