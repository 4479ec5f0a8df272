package org.maintd.architecture.planted;

import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Clock;
import java.time.InstantSource;
import java.time.LocalTime;
import java.time.OffsetTime;
import java.time.Year;
import java.time.ZoneId;
import java.time.chrono.JapaneseChronology;
import java.time.chrono.ThaiBuddhistDate;
import java.util.Arrays;
import java.util.Calendar;
import java.util.Collections;
import java.util.Date;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.random.RandomGenerator;
import javax.net.ssl.SSLContext;

/**
 * What core's main code must not do, one violation per class: {@code CoreIsPureTest} shows that
 * each of its rules catches the ones planted for it, so that a rule that catches nothing fails.
 */
public final class Planted {
  private Planted() {}

  /** Reads the wall clock through {@code LocalTime.now()}. */
  public static final class LocalTimeNow {
    Object run() {
      return LocalTime.now();
    }
  }

  /** Reads the wall clock through {@code OffsetTime.now()}. */
  public static final class OffsetTimeNow {
    Object run() {
      return OffsetTime.now();
    }
  }

  /** Reads the wall clock through {@code Year.now()}. */
  public static final class YearNow {
    Object run() {
      return Year.now();
    }
  }

  /** Reads the wall clock through {@code new Date()}. */
  public static final class NewDate {
    Object run() {
      return new Date();
    }
  }

  /** Reads the wall clock through {@code Calendar.getInstance()}. */
  public static final class CalendarInstance {
    Object run() {
      return Calendar.getInstance();
    }
  }

  /** Reads the wall clock through {@code InstantSource.system()}. */
  public static final class SystemInstantSource {
    Object run() {
      return InstantSource.system();
    }
  }

  /** Reads the wall clock through {@code Clock.systemUTC()}. */
  public static final class SystemClock {
    Object run() {
      return Clock.systemUTC();
    }
  }

  /** Reads the machine's time zone. */
  public static final class DefaultZone {
    Object run() {
      return ZoneId.systemDefault();
    }
  }

  /** Reads the wall clock through a date of another calendar ({@code ThaiBuddhistDate.now()}). */
  public static final class ThaiDateNow {
    Object run() {
      return ThaiBuddhistDate.now();
    }
  }

  /** Reads the wall clock through a chronology's {@code dateNow()}. */
  public static final class ChronologyDateNow {
    Object run() {
      return JapaneseChronology.INSTANCE.dateNow();
    }
  }

  /** Draws with {@code Math.random()}. */
  public static final class MathRandom {
    double run() {
      return Math.random();
    }
  }

  /** Draws with a {@code SplittableRandom}. */
  public static final class Splittable {
    int run() {
      return new SplittableRandom().nextInt();
    }
  }

  /** Draws with the default {@code RandomGenerator}. */
  public static final class DefaultGenerator {
    int run() {
      return RandomGenerator.getDefault().nextInt();
    }
  }

  /** Shuffles without a given {@code Random}. */
  public static final class Shuffle {
    void run(List<String> list) {
      Collections.shuffle(list);
    }
  }

  /** Makes a random uuid. */
  public static final class RandomUuid {
    Object run() {
      return UUID.randomUUID();
    }
  }

  /** Reads the environment. */
  public static final class Getenv {
    Object run() {
      return System.getenv("HOME");
    }
  }

  /** Reads a system property. */
  public static final class GetProperty {
    Object run() {
      return System.getProperty("user.name");
    }
  }

  /** Reads a system property through {@code Integer.getInteger}. */
  public static final class IntegerProperty {
    Object run() {
      return Integer.getInteger("maintd.x");
    }
  }

  /** Ends the JVM. */
  public static final class Exit {
    void run() {
      System.exit(1);
    }
  }

  /** Looks at this process. */
  public static final class CurrentProcess {
    long run() {
      return ProcessHandle.current().pid();
    }
  }

  /** Resolves a path against the file system. */
  public static final class RealPath {
    Object run(Path p) throws Exception {
      return p.toRealPath();
    }
  }

  /** Resolves a path against the working directory. */
  public static final class AbsolutePath {
    Object run(Path p) {
      return p.toAbsolutePath();
    }
  }

  /** Opens TLS. */
  public static final class TlsContext {
    Object run() throws Exception {
      return SSLContext.getDefault();
    }
  }

  /** Opens a database connection. */
  public static final class Database {
    Object run() throws Exception {
      return DriverManager.getConnection("jdbc:x");
    }
  }

  /** Logs through the JDK's system logger. */
  public static final class SystemLogger {
    Object run() {
      return System.getLogger("x");
    }
  }

  /** Prints a stack trace. */
  public static final class StackTrace {
    void run(Exception e) {
      e.printStackTrace();
    }
  }

  /** Runs work on the common pool. */
  public static final class CommonPool {
    Object run() {
      return ForkJoinPool.commonPool();
    }
  }

  /** Runs work on an executor. */
  public static final class Executor {
    Object run() {
      return Executors.newSingleThreadExecutor();
    }
  }

  /** Streams in parallel. */
  public static final class ParallelStream {
    long run(List<String> list) {
      return list.parallelStream().count();
    }
  }

  /** Turns a stream parallel. */
  public static final class ParallelFlag {
    long run(List<String> list) {
      return list.stream().parallel().count();
    }
  }

  /** Keeps a value per thread. */
  public static final class PerThread {
    final ThreadLocal<String> value = ThreadLocal.withInitial(() -> "x");
  }

  /** Keeps a value per thread, handed down to the threads it starts. */
  public static final class InheritedPerThread {
    final InheritableThreadLocal<String> value = new InheritableThreadLocal<>();
  }

  /** Schedules work on an executor it is given. */
  public static final class ExecutorPassedIn {
    Object run(ScheduledExecutorService given) {
      return given.schedule(() -> 1, 1, TimeUnit.SECONDS);
    }
  }

  /** Makes a pool of threads. */
  public static final class PoolCreated {
    Object run() {
      return new ThreadPoolExecutor(1, 1, 1, TimeUnit.SECONDS, new LinkedBlockingQueue<>());
    }
  }

  /** Sorts in parallel. */
  public static final class ParallelSort {
    void run(int[] values) {
      Arrays.parallelSort(values);
    }
  }

  /** Sleeps through {@code TimeUnit.sleep}. */
  public static final class UnitSleep {
    void run() throws InterruptedException {
      TimeUnit.SECONDS.sleep(1);
    }
  }
}
