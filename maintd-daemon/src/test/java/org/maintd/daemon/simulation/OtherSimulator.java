package org.maintd.daemon.simulation;

import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The simulator of another checkout, loaded from its class path (its test classes, classes and
 * dependencies) by a class loader of its own, next to this one in the same JVM: the text of a trace
 * depends on the order in which {@code Map.of} iterates, which each JVM chooses when it starts, so
 * two simulators' traces compare only within one JVM. A checkout whose {@link SimulateMain} has
 * {@code traceLines} is asked for its lines; an older one is driven as its {@code --seed S --trace}
 * drove it ({@code Simulation.runTraced}, then {@code SimulationReport}'s summary and failure), in
 * the mixed mode only when it has no modes.
 */
final class OtherSimulator {
  private static final String PACKAGE = "org.maintd.daemon.simulation.";

  private final ClassLoader loader;
  private final Simulation.Mode mode;
  private final Method traceLines;
  private final Object otherMode;
  private final Method runTraced;
  private final Method summary;
  private final Method failure;
  private final Method ok;

  private OtherSimulator(
      ClassLoader loader,
      Simulation.Mode mode,
      Method traceLines,
      Object otherMode,
      Method runTraced,
      Method summary,
      Method failure,
      Method ok) {
    this.loader = loader;
    this.mode = mode;
    this.traceLines = traceLines;
    this.otherMode = otherMode;
    this.runTraced = runTraced;
    this.summary = summary;
    this.failure = failure;
    this.ok = ok;
  }

  /**
   * The simulator on {@code classPath} (entries separated as in {@code java -cp}), for runs of
   * {@code mode}; its logging is turned off, as {@link SimulateMain} turns off its own.
   *
   * @throws IllegalArgumentException when the class path holds no simulator this one can drive
   */
  static OtherSimulator load(String classPath, Simulation.Mode mode) {
    List<URL> urls = new ArrayList<>();
    for (String entry : classPath.split(File.pathSeparator)) {
      if (entry.isEmpty()) {
        continue;
      }
      Path path = Path.of(entry);
      if (!Files.exists(path)) {
        throw new IllegalArgumentException("--with: no " + entry);
      }
      try {
        urls.add(path.toUri().toURL());
      } catch (MalformedURLException e) {
        throw new IllegalArgumentException("--with: " + entry + ": " + e.getMessage(), e);
      }
    }
    ClassLoader loader =
        new URLClassLoader(
            "other-simulator", urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    thread.setContextClassLoader(loader);
    try {
      loggingOff(loader);
      Class<?> main = Class.forName(PACKAGE + "SimulateMain", true, loader);
      try {
        Method lines = main.getMethod("traceLines", long.class, int.class, String.class);
        return new OtherSimulator(loader, mode, lines, null, null, null, null, null);
      } catch (NoSuchMethodException e) {
        // older: driven as its --seed S --trace drove it
      }
      Class<?> simulation = Class.forName(PACKAGE + "Simulation", true, loader);
      Class<?> result = Class.forName(PACKAGE + "Simulation$Result", true, loader);
      Class<?> report = Class.forName(PACKAGE + "SimulationReport", true, loader);
      Object otherMode = null;
      Method runTraced;
      if (mode == Simulation.Mode.MIXED) {
        runTraced = simulation.getDeclaredMethod("runTraced", long.class, int.class, List.class);
      } else {
        Class<?> modes;
        try {
          modes = Class.forName(PACKAGE + "Simulation$Mode", true, loader);
        } catch (ClassNotFoundException e) {
          throw new IllegalArgumentException(
              "--with: the simulator there has no modes; only the mixed mode compares", e);
        }
        otherMode = modeNamed(modes, mode.name());
        runTraced =
            simulation.getDeclaredMethod("runTraced", long.class, int.class, modes, List.class);
      }
      return new OtherSimulator(
          loader,
          mode,
          null,
          otherMode,
          open(runTraced),
          open(report.getDeclaredMethod("summary", result)),
          open(report.getDeclaredMethod("failure", result, int.class)),
          open(result.getDeclaredMethod("ok")));
    } catch (ReflectiveOperationException | LinkageError e) {
      throw new IllegalArgumentException(
          "--with: no simulator this one can drive there (" + e + ")", e);
    } finally {
      thread.setContextClassLoader(previous);
    }
  }

  /** The lines that simulator's {@code --seed S --steps K --mode M --trace} prints. */
  List<String> traceLines(long seed, int steps) {
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    thread.setContextClassLoader(loader);
    try {
      if (traceLines != null) {
        @SuppressWarnings("unchecked")
        List<String> lines = (List<String>) traceLines.invoke(null, seed, steps, mode.wireName());
        return lines;
      }
      List<String> lines = new ArrayList<>();
      Object r =
          otherMode == null
              ? runTraced.invoke(null, seed, steps, lines)
              : runTraced.invoke(null, seed, steps, otherMode, lines);
      lines.add((String) summary.invoke(null, r));
      if (!(Boolean) ok.invoke(r)) {
        lines.addAll(List.of(((String) failure.invoke(null, r, steps)).split("\n", -1)));
      }
      return lines;
    } catch (InvocationTargetException e) {
      throw new IllegalStateException(
          "the other simulator threw on seed " + seed + ": " + e.getCause(), e.getCause());
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    } finally {
      thread.setContextClassLoader(previous);
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object modeNamed(Class<?> modes, String name) {
    return Enum.valueOf((Class<? extends Enum>) modes, name);
  }

  private static Method open(Method m) {
    m.setAccessible(true);
    return m;
  }

  /** Sets that simulator's root logger (logback, as here) to off; nothing when it has none. */
  private static void loggingOff(ClassLoader loader) {
    try {
      Class<?> factory = Class.forName("org.slf4j.LoggerFactory", true, loader);
      Object root = factory.getMethod("getLogger", String.class).invoke(null, "ROOT");
      Class<?> level = Class.forName("ch.qos.logback.classic.Level", true, loader);
      root.getClass().getMethod("setLevel", level).invoke(root, level.getField("OFF").get(null));
    } catch (ReflectiveOperationException | LinkageError | ClassCastException e) {
      // its logging goes to standard error, apart from the traces
    }
  }
}
