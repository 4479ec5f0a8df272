package org.maintd.daemon.simulation;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
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
 *
 * <p>{@code --fingerprints} with {@code --seeds N [--first F] [--steps K] [--mode M]} prints, for
 * each seed in order, {@code seed S <hex>}: the SHA-256 of the text {@code --seed S --trace} prints
 * (UTF-8, every line ended by a newline, the summary and any failure included), then the failures.
 * {@code --with CLASSPATH} (another checkout's simulator: its test classes, classes and
 * dependencies) adds the fingerprint of that simulator's trace of the seed as a third column, or,
 * with {@code --seed S --trace}, prints both traces (lines prefixed {@code here} and {@code
 * there}); it runs in this JVM, because the text of a trace depends on the order in which {@code
 * Map.of} iterates, which each JVM chooses when it starts ({@code scripts/compare-traces}).
 */
public final class SimulateMain {
  private SimulateMain() {}

  public static void main(String[] args) {
    long seeds = 10_000;
    long first = 1;
    int steps = 200;
    Long one = null;
    boolean trace = false;
    boolean fingerprints = false;
    String with = null;
    Simulation.Mode mode = Simulation.Mode.MIXED;
    for (int i = 0; i < args.length; i++) {
      String option = args[i];
      if (option.equals("--trace")) {
        trace = true;
        continue;
      }
      if (option.equals("--fingerprints")) {
        fingerprints = true;
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
      if (option.equals("--with")) {
        if (i + 1 == args.length) {
          usage("--with needs a class path");
        }
        with = args[++i];
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
    if (fingerprints && one != null) {
      usage("--fingerprints goes with --seeds, not --seed");
    }
    if (with != null && !fingerprints && !(one != null && trace)) {
      usage("--with goes with --fingerprints or with --seed S --trace");
    }
    ((Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME)).setLevel(Level.OFF);
    OtherSimulator other = null;
    if (with != null) {
      try {
        other = OtherSimulator.load(with, mode);
      } catch (IllegalArgumentException e) {
        usage(e.getMessage());
      }
    }
    int status;
    if (one != null) {
      status = other != null ? both(one, steps, mode, other) : replay(one, steps, mode, trace);
    } else if (fingerprints) {
      status = fingerprints(first, seeds, steps, mode, other);
    } else {
      status = many(first, seeds, steps, mode);
    }
    System.exit(status);
  }

  private static void usage(String problem) {
    System.err.println(
        "simulate: "
            + problem
            + "\nusage: simulate --seeds N [--first F] [--steps K] [--mode M]"
            + " | --seed S [--steps K] [--mode M] [--trace]"
            + "\n       simulate --fingerprints --seeds N [--first F] [--steps K] [--mode M]"
            + " [--with CLASSPATH]"
            + "\n       simulate --seed S [--steps K] [--mode M] --trace --with CLASSPATH"
            + "\n  M: mixed (the default), tight (little free memory) or caps (binding caps)");
    System.exit(2);
  }

  /** A traced run: the lines {@code --seed S --trace} prints, and what the run gave. */
  private record Traced(List<String> lines, Simulation.Result result) {}

  private static Traced traced(long seed, int steps, Simulation.Mode mode) {
    List<String> lines = new ArrayList<>();
    Simulation.Result r = Simulation.runTraced(seed, steps, mode, lines);
    lines.add(SimulationReport.summary(r));
    if (!r.ok()) {
      lines.addAll(List.of(SimulationReport.failure(r, steps).split("\n", -1)));
    }
    return new Traced(lines, r);
  }

  /**
   * The lines {@code --seed S --steps K --mode M --trace} prints: every event, the summary and,
   * when the seed broke an invariant, what broke. Public, with the mode by name, so that a later
   * checkout can call it through a class loader of its own ({@link OtherSimulator}).
   */
  public static List<String> traceLines(long seed, int steps, String mode) {
    return traced(seed, steps, Simulation.Mode.parse(mode)).lines();
  }

  /** The SHA-256 of {@code lines} in UTF-8, each ended by a newline, in hex. */
  static String fingerprint(List<String> lines) {
    MessageDigest sha;
    try {
      sha = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
    for (String line : lines) {
      sha.update((line + "\n").getBytes(StandardCharsets.UTF_8));
    }
    return HexFormat.of().formatHex(sha.digest());
  }

  private static int replay(long seed, int steps, Simulation.Mode mode, boolean trace) {
    if (trace) {
      Traced t = traced(seed, steps, mode);
      t.lines().forEach(System.out::println);
      return t.result().ok() ? 0 : 1;
    }
    Simulation.Result r = Simulation.run(seed, steps, mode);
    System.out.println(SimulationReport.summary(r));
    if (!r.ok()) {
      System.out.println(SimulationReport.failure(r, steps));
    }
    return r.ok() ? 0 : 1;
  }

  /** This simulator's trace of a seed, then the other's, in one JVM: lines prefixed by side. */
  private static int both(long seed, int steps, Simulation.Mode mode, OtherSimulator other) {
    Traced here = traced(seed, steps, mode);
    List<String> there = other.traceLines(seed, steps);
    here.lines().forEach(l -> System.out.println("here " + l));
    there.forEach(l -> System.out.println("there " + l));
    return here.result().ok() ? 0 : 1;
  }

  private static int fingerprints(
      long first, long seeds, int steps, Simulation.Mode mode, OtherSimulator other) {
    record Print(long seed, String here, String there, Simulation.Result failed) {}
    List<Print> prints =
        LongStream.range(first, first + seeds)
            .parallel()
            .mapToObj(
                seed -> {
                  Traced t = traced(seed, steps, mode);
                  String there = other == null ? null : fingerprint(other.traceLines(seed, steps));
                  Simulation.Result failed = t.result().ok() ? null : t.result();
                  return new Print(seed, fingerprint(t.lines()), there, failed);
                })
            .toList();
    prints.forEach(
        p ->
            System.out.println(
                "seed " + p.seed() + " " + p.here() + (p.there() == null ? "" : " " + p.there())));
    List<Simulation.Result> failed =
        prints.stream().map(Print::failed).filter(r -> r != null).toList();
    failed.forEach(r -> System.out.println("\n" + SimulationReport.failure(r, steps)));
    return failed.isEmpty() ? 0 : 1;
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
