package org.maintd.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * maintd-core's main code is pure, as the build enforces: no clock (time comes in as an argument),
 * no randomness (uuids come from a supplier), no files, sockets or processes, no logger, no thread.
 * A planner that calls {@code Instant.now()} fails this test, naming the class and line.
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
          LocalDate.class,
          LocalDateTime.class,
          OffsetDateTime.class,
          ZonedDateTime.class);

  private static final DescribedPredicate<JavaCall<?>> READS_THE_CLOCK =
      DescribedPredicate.describe(
          "a read of the wall clock",
          call -> {
            String owner = call.getTargetOwner().getName();
            String name = call.getName();
            boolean javaTime =
                CLOCKS.stream().anyMatch(c -> c.getName().equals(owner))
                    && (name.equals("now") || name.startsWith("system"));
            boolean system =
                owner.equals(System.class.getName())
                    && (name.equals("currentTimeMillis") || name.equals("nanoTime"));
            return javaTime || system;
          });

  @Test
  void noClockIsRead() {
    ArchRule rule =
        noClasses()
            .should()
            .callCodeUnitWhere(READS_THE_CLOCK)
            .because("time comes into core as an argument: the round is a pure step");
    rule.check(core);
  }

  @Test
  void nothingIsRandom() {
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
        .callMethod(UUID.class, "randomUUID")
        .because("the same inputs give the same step: uuids come in from a supplier")
        .check(core);
  }

  /** A {@code Path} is a value (configuration names files); reading or writing one is I/O. */
  @Test
  void noFileSocketOrProcessIsTouched() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("java.io..", "java.net..", "java.nio.channels..")
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
        .haveFullyQualifiedName(Runtime.class.getName())
        .because("I/O lives in the collector, the daemon and the CLI")
        .check(core);
  }

  @Test
  void nothingLogsOrStartsAThread() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("org.slf4j..", "java.util.logging..")
        .orShould()
        .dependOnClassesThat()
        .haveFullyQualifiedName(Thread.class.getName())
        .orShould()
        .dependOnClassesThat()
        .haveSimpleNameStartingWith("Executor")
        .orShould()
        .dependOnClassesThat()
        .haveFullyQualifiedName(java.util.concurrent.CompletableFuture.class.getName())
        .orShould()
        .dependOnClassesThat()
        .haveFullyQualifiedName(java.util.Timer.class.getName())
        .because("a step returns what to log and do; the daemon logs and runs it")
        .check(core);
  }
}
