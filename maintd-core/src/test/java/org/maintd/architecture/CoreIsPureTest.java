package org.maintd.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import java.time.Clock;
import java.time.Instant;
import java.time.InstantSource;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.maintd.architecture.planted.Planted;

/**
 * maintd-core's main code is pure, as the build enforces: no clock (time comes in as an argument),
 * no randomness (uuids come from a supplier), no files, sockets, TLS, databases, processes or
 * environment, no logger, no thread (no executor made or passed in, no sleep, nothing parallel). A
 * planner that calls {@code Instant.now()} fails this test, naming the class and line. Each rule is
 * also shown catching what {@link Planted} plants for it, so that a rule that has stopped catching
 * anything fails too.
 */
class CoreIsPureTest {
  private static JavaClasses core;

  @BeforeAll
  static void importCore() {
    core =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
            .importPackages("org.maintd");
  }

  private static final Set<Class<?>> CLOCKS =
      Set.of(
          Instant.class,
          Clock.class,
          InstantSource.class,
          LocalDate.class,
          LocalDateTime.class,
          LocalTime.class,
          OffsetDateTime.class,
          OffsetTime.class,
          ZonedDateTime.class,
          Year.class,
          YearMonth.class,
          MonthDay.class);

  private static DescribedPredicate<JavaCall<?>> calls(String what, CallTest test) {
    return DescribedPredicate.describe(
        what, call -> test.matches(call.getTargetOwner().getName(), call.getName()));
  }

  private interface CallTest {
    boolean matches(String owner, String method);
  }

  private static boolean is(Class<?> type, String owner) {
    return type.getName().equals(owner);
  }

  private static final DescribedPredicate<JavaCall<?>> READS_THE_CLOCK =
      calls(
          "a read of the wall clock or the machine's time zone",
          (owner, name) ->
              CLOCKS.stream().anyMatch(c -> is(c, owner))
                      && (name.equals("now") || name.startsWith("system"))
                  || is(System.class, owner)
                      && (name.equals("currentTimeMillis") || name.equals("nanoTime"))
                  || is(ZoneId.class, owner) && name.equals("systemDefault")
                  || owner.startsWith("java.time.chrono.")
                      && (name.equals("now") || name.equals("dateNow")));

  private static final DescribedPredicate<JavaCall<?>> DRAWS_AT_RANDOM =
      calls(
          "a random draw without a given source",
          (owner, name) ->
              (is(Math.class, owner) || is(StrictMath.class, owner)) && name.equals("random")
                  || is(java.util.UUID.class, owner) && name.equals("randomUUID"));

  private static final DescribedPredicate<JavaCall<?>> SHUFFLES_AT_RANDOM =
      DescribedPredicate.describe(
          "a shuffle without a given Random",
          call ->
              is(java.util.Collections.class, call.getTargetOwner().getName())
                  && call.getName().equals("shuffle")
                  && call.getTarget().getRawParameterTypes().size() == 1);

  private static final DescribedPredicate<JavaCall<?>> READS_THE_ENVIRONMENT =
      calls(
          "a read of the process's environment, properties, files or its end",
          (owner, name) ->
              is(System.class, owner)
                      && Set.of(
                              "getenv",
                              "getProperty",
                              "getProperties",
                              "setProperty",
                              "clearProperty",
                              "exit",
                              "console",
                              "lineSeparator")
                          .contains(name)
                  || (is(Integer.class, owner) && name.equals("getInteger"))
                  || (is(Long.class, owner) && name.equals("getLong"))
                  || (is(Boolean.class, owner) && name.equals("getBoolean"))
                  || is(java.nio.file.Path.class, owner)
                      && (name.equals("toRealPath") || name.equals("toAbsolutePath")));

  private static final DescribedPredicate<JavaCall<?>> LOGS =
      calls(
          "a log or a print",
          (owner, name) ->
              is(System.class, owner) && name.equals("getLogger")
                  || name.equals("printStackTrace"));

  private static final DescribedPredicate<JavaCall<?>> RUNS_IN_PARALLEL =
      calls(
          "a parallel stream or array operation, or a sleep",
          (owner, name) ->
              name.equals("parallelStream")
                  || name.equals("parallel") && owner.startsWith("java.util.stream.")
                  || is(java.util.Arrays.class, owner) && name.startsWith("parallel")
                  || is(java.util.concurrent.TimeUnit.class, owner) && name.equals("sleep"));

  /** The rules, by name. */
  static final Map<String, ArchRule> RULES = new LinkedHashMap<>();

  static {
    RULES.put(
        "clock",
        noClasses()
            .should()
            .callCodeUnitWhere(READS_THE_CLOCK)
            .orShould()
            .dependOnClassesThat()
            .haveFullyQualifiedName(java.util.Date.class.getName())
            .orShould()
            .dependOnClassesThat()
            .haveFullyQualifiedName(java.util.Calendar.class.getName())
            .orShould()
            .dependOnClassesThat()
            .haveFullyQualifiedName(java.util.TimeZone.class.getName())
            .because("time comes into core as an argument: the round is a pure step"));
    RULES.put(
        "randomness",
        noClasses()
            .should()
            .dependOnClassesThat()
            .haveFullyQualifiedName(java.util.Random.class.getName())
            .orShould()
            .dependOnClassesThat()
            .haveFullyQualifiedName(java.util.concurrent.ThreadLocalRandom.class.getName())
            .orShould()
            .dependOnClassesThat()
            .haveFullyQualifiedName(java.security.SecureRandom.class.getName())
            .orShould()
            .dependOnClassesThat()
            .haveFullyQualifiedName(java.util.SplittableRandom.class.getName())
            .orShould()
            .dependOnClassesThat()
            .resideInAPackage("java.util.random..")
            .orShould()
            .callCodeUnitWhere(DRAWS_AT_RANDOM)
            .orShould()
            .callCodeUnitWhere(SHUFFLES_AT_RANDOM)
            .because("the same inputs give the same step: uuids come in from a supplier"));
    RULES.put(
        "io",
        noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                "java.io..", "java.net..", "javax.net..", "java.nio.channels..", "java.sql..")
            .orShould()
            .dependOnClassesThat()
            .haveFullyQualifiedName(java.nio.file.Files.class.getName())
            .orShould()
            .dependOnClassesThat()
            .haveFullyQualifiedName(java.nio.file.FileSystems.class.getName())
            .orShould()
            .dependOnClassesThat()
            .haveFullyQualifiedName(java.nio.file.FileSystem.class.getName())
            .orShould()
            .dependOnClassesThat()
            .haveFullyQualifiedName(ProcessBuilder.class.getName())
            .orShould()
            .dependOnClassesThat()
            .haveFullyQualifiedName(ProcessHandle.class.getName())
            .orShould()
            .dependOnClassesThat()
            .haveFullyQualifiedName(Runtime.class.getName())
            .orShould()
            .callCodeUnitWhere(READS_THE_ENVIRONMENT)
            .because(
                "I/O lives in the collector, the daemon and the CLI (a Path is a value:"
                    + " configuration names files; reading one, or the environment, is I/O)"));
    RULES.put(
        "logging",
        noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("org.slf4j..", "java.util.logging..")
            .orShould()
            .dependOnClassesThat()
            .haveFullyQualifiedName(System.Logger.class.getName())
            .orShould()
            .callCodeUnitWhere(LOGS)
            .because("a step returns what to log; the daemon logs it"));
    RULES.put(
        "threads",
        noClasses()
            .should()
            .dependOnClassesThat()
            .haveFullyQualifiedName(Thread.class.getName())
            .orShould()
            .dependOnClassesThat()
            .haveFullyQualifiedName(ThreadLocal.class.getName())
            .orShould()
            .dependOnClassesThat()
            .haveFullyQualifiedName(InheritableThreadLocal.class.getName())
            .orShould()
            .dependOnClassesThat()
            .haveSimpleNameContaining("Executor")
            .orShould()
            .dependOnClassesThat()
            .haveFullyQualifiedName(java.util.concurrent.ForkJoinPool.class.getName())
            .orShould()
            .dependOnClassesThat()
            .haveFullyQualifiedName(java.util.concurrent.CompletableFuture.class.getName())
            .orShould()
            .dependOnClassesThat()
            .haveFullyQualifiedName(java.util.Timer.class.getName())
            .orShould()
            .callCodeUnitWhere(RUNS_IN_PARALLEL)
            .because("a step returns what to do; the daemon runs it, on its own threads"));
  }

  static Stream<String> rules() {
    return RULES.keySet().stream();
  }

  @ParameterizedTest
  @MethodSource("rules")
  void coreKeepsTheRule(String rule) {
    RULES.get(rule).check(core);
  }

  /** Each planted violation and the one rule that must catch it. */
  static Stream<Arguments> planted() {
    return Stream.of(
        Arguments.of(Planted.LocalTimeNow.class, "clock"),
        Arguments.of(Planted.OffsetTimeNow.class, "clock"),
        Arguments.of(Planted.YearNow.class, "clock"),
        Arguments.of(Planted.NewDate.class, "clock"),
        Arguments.of(Planted.CalendarInstance.class, "clock"),
        Arguments.of(Planted.SystemInstantSource.class, "clock"),
        Arguments.of(Planted.SystemClock.class, "clock"),
        Arguments.of(Planted.DefaultZone.class, "clock"),
        Arguments.of(Planted.ThaiDateNow.class, "clock"),
        Arguments.of(Planted.ChronologyDateNow.class, "clock"),
        Arguments.of(Planted.MathRandom.class, "randomness"),
        Arguments.of(Planted.Splittable.class, "randomness"),
        Arguments.of(Planted.DefaultGenerator.class, "randomness"),
        Arguments.of(Planted.Shuffle.class, "randomness"),
        Arguments.of(Planted.RandomUuid.class, "randomness"),
        Arguments.of(Planted.Getenv.class, "io"),
        Arguments.of(Planted.GetProperty.class, "io"),
        Arguments.of(Planted.IntegerProperty.class, "io"),
        Arguments.of(Planted.Exit.class, "io"),
        Arguments.of(Planted.CurrentProcess.class, "io"),
        Arguments.of(Planted.RealPath.class, "io"),
        Arguments.of(Planted.AbsolutePath.class, "io"),
        Arguments.of(Planted.TlsContext.class, "io"),
        Arguments.of(Planted.Database.class, "io"),
        Arguments.of(Planted.SystemLogger.class, "logging"),
        Arguments.of(Planted.StackTrace.class, "logging"),
        Arguments.of(Planted.CommonPool.class, "threads"),
        Arguments.of(Planted.Executor.class, "threads"),
        Arguments.of(Planted.ParallelStream.class, "threads"),
        Arguments.of(Planted.ParallelFlag.class, "threads"),
        Arguments.of(Planted.PerThread.class, "threads"),
        Arguments.of(Planted.InheritedPerThread.class, "threads"),
        Arguments.of(Planted.ExecutorPassedIn.class, "threads"),
        Arguments.of(Planted.PoolCreated.class, "threads"),
        Arguments.of(Planted.ParallelSort.class, "threads"),
        Arguments.of(Planted.UnitSleep.class, "threads"));
  }

  @ParameterizedTest
  @MethodSource("planted")
  void theRuleCatchesWhatIsPlantedForIt(Class<?> violation, String rule) {
    JavaClasses one = new ClassFileImporter().importClasses(violation);
    List<String> caught =
        RULES.entrySet().stream()
            .filter(e -> failsNaming(e.getValue().evaluate(one), violation))
            .map(Map.Entry::getKey)
            .toList();
    assertTrue(caught.contains(rule), rule + " does not catch " + violation.getSimpleName());
    assertEquals(List.of(rule), caught, "only " + rule + " catches " + violation.getSimpleName());
  }

  private static boolean failsNaming(EvaluationResult result, Class<?> violation) {
    return result.hasViolation()
        && result.getFailureReport().getDetails().stream()
            .anyMatch(d -> d.contains(violation.getName()));
  }
}
