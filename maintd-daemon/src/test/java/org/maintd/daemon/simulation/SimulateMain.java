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
      String option = args[i];
      if (option.equals("--trace")) {
        trace = true;
        continue;
      }
      if (!List.of("--seeds", "--first", "--steps", "--seed").contains(option)) {
        usage("unknown option " + option);
      }
      if (i + 1 == args.length) {
        usage(option + " needs a number");
      }
      long value = 0;
      try {
        value = Long.parseLong(args[++i]);
      } catch (NumberFormatException e) {
        usage(option + " needs a whole number, not '" + args[i] + "'");
      }
      boolean count = option.equals("--seeds") || option.equals("--steps");
      if (count && (value < 1 || value > Integer.MAX_VALUE)) {
        usage(option + " must be from 1 to 2147483647, not " + value);
      }
      switch (option) {
        case "--seeds" -> seeds = value;
        case "--first" -> first = value;
        case "--steps" -> steps = (int) value;
        default -> one = value;
      }
    }
    ((Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME)).setLevel(Level.OFF);
    System.exit(one != null ? replay(one, steps, trace) : many(first, seeds, steps));
  }

  private static void usage(String problem) {
    System.err.println(
        "simulate: "
            + problem
            + "\nusage: simulate --seeds N [--first F] [--steps K] | --seed S [--steps K] [--trace]");
    System.exit(2);
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
