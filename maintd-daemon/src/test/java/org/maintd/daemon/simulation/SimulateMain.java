package org.maintd.daemon.simulation;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;
import org.slf4j.LoggerFactory;

/**
 * {@code scripts/simulate}: {@code --seeds N [--first F] [--steps K] [--mode M]} runs N seeds in
 * parallel and prints each failure with the command that replays it; {@code --seed S [--steps K]
 * [--mode M] [--trace]} replays one, with every event when traced. {@code --mode} is {@code mixed}
 * (the default), {@code tight} or {@code caps} ({@link Simulation.Mode}). Exits 1 when a seed broke
 * an invariant.
 */
public final class SimulateMain {
  private SimulateMain() {}

  public static void main(String[] args) {
    long seeds = 10_000;
    long first = 1;
    int steps = 200;
    Long one = null;
    boolean trace = false;
    Simulation.Mode mode = Simulation.Mode.MIXED;
    for (int i = 0; i < args.length; i++) {
      String option = args[i];
      if (option.equals("--trace")) {
        trace = true;
        continue;
      }
      if (option.equals("--mode")) {
        if (i + 1 == args.length) {
          usage("--mode needs a name");
        }
        try {
          mode = Simulation.Mode.parse(args[++i]);
        } catch (IllegalArgumentException e) {
          usage(e.getMessage());
        }
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
    System.exit(one != null ? replay(one, steps, mode, trace) : many(first, seeds, steps, mode));
  }

  private static void usage(String problem) {
    System.err.println(
        "simulate: "
            + problem
            + "\nusage: simulate --seeds N [--first F] [--steps K] [--mode M]"
            + " | --seed S [--steps K] [--mode M] [--trace]"
            + "\n  M: mixed (the default), tight (little free memory) or caps (binding caps)");
    System.exit(2);
  }

  private static int replay(long seed, int steps, Simulation.Mode mode, boolean trace) {
    List<String> events = new ArrayList<>();
    Simulation.Result r =
        trace ? Simulation.runTraced(seed, steps, mode, events) : Simulation.run(seed, steps, mode);
    events.forEach(System.out::println);
    System.out.println(SimulationReport.summary(r));
    if (!r.ok()) {
      System.out.println(SimulationReport.failure(r, steps));
    }
    return r.ok() ? 0 : 1;
  }

  private static int many(long first, long seeds, int steps, Simulation.Mode mode) {
    long started = System.nanoTime();
    AtomicLong ticks = new AtomicLong();
    AtomicLong jobs = new AtomicLong();
    AtomicLong restarts = new AtomicLong();
    Map<String, Integer> waited = new ConcurrentHashMap<>();
    Map<String, Integer> seedsWaiting = new ConcurrentHashMap<>();
    List<Simulation.Result> failed =
        LongStream.range(first, first + seeds)
            .parallel()
            .mapToObj(
                seed -> {
                  Simulation.Result r = Simulation.run(seed, steps, mode);
                  ticks.addAndGet(r.ticks());
                  jobs.addAndGet(r.jobs());
                  restarts.addAndGet(r.restarts());
                  r.waited()
                      .forEach(
                          (k, n) -> {
                            waited.merge(k, n, Integer::sum);
                            seedsWaiting.merge(k, 1, Integer::sum);
                          });
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
    if (mode != Simulation.Mode.MIXED) {
      Map<String, Integer> seedsBy = new TreeMap<>(seedsWaiting);
      System.out.printf(
          "mode %s: %s; seeds that waited: %s%n",
          mode.wireName(), SimulationReport.waits(waited), seedsBy);
    }
    return failed.isEmpty() ? 0 : 1;
  }
}
